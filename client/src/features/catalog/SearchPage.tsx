import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { productsFound, searchHeading } from './headings';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function SearchPage() {
  const { t } = useLingui();
  const viewState = useCatalogueView();
  const { view } = viewState;
  const words = view.q;
  const catalogue = useCatalogue(view, { skip: !view.q });
  const { total, correctedSearch, loading } = catalogue;

  return (
    <Page title={words ? t`Search: ${words}` : t`Search`}>
      <Title order={2} ta="center">
        {searchHeading(view.q)}
      </Title>
      {!loading && (
        <Text ta="center" data-testid="search-count" role="status">
          {productsFound(total)}
        </Text>
      )}
      {correctedSearch && (
        <Text ta="center" data-testid="search-correction">
          <Trans>
            Showing results for <strong>{correctedSearch}</strong>
          </Trans>
        </Text>
      )}
      <Box mt="md">
        <CatalogueBrowser viewState={viewState} catalogue={catalogue} byCategory />
      </Box>
    </Page>
  );
}
