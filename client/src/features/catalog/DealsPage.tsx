import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

/** Products listed below their MRP, the biggest discount first unless sorted otherwise. */
export default function DealsPage() {
  const { t } = useLingui();
  const viewState = useCatalogueView();
  const catalogue = useCatalogue(viewState.view, { deals: true });
  const { total } = catalogue;
  return (
    <Page title={t`Deals`}>
      <CatalogueBrowser
        viewState={viewState}
        catalogue={catalogue}
        byCategory
        deals
        heading={
          <>
            <Title order={2} ta="center">
              <Trans>Deals</Trans>
            </Title>
            {!catalogue.loading && (
              <Text ta="center" mb="md">
                <Plural
                  value={total}
                  one={`${total} product below MRP`}
                  other={`${total} products below MRP`}
                />
              </Text>
            )}
          </>
        }
        empty={t`No deals match these filters.`}
      />
    </Page>
  );
}
