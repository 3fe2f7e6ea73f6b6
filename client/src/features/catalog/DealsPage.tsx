import { Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

/** Products listed below their MRP, the biggest discount first unless sorted otherwise. */
export default function DealsPage() {
  const viewState = useCatalogueView();
  const catalogue = useCatalogue(viewState.view, { deals: true });
  const { total } = catalogue;
  return (
    <Page title="Deals">
      <CatalogueBrowser
        viewState={viewState}
        catalogue={catalogue}
        byCategory
        deals
        heading={
          <>
            <Title order={2} ta="center">
              Deals
            </Title>
            {!catalogue.loading && (
              <Text ta="center" mb="md">
                {total} product{total === 1 ? '' : 's'} below MRP
              </Text>
            )}
          </>
        }
        empty="No deals match these filters."
      />
    </Page>
  );
}
