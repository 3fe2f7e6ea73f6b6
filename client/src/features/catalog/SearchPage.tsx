import { Box, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function SearchPage() {
  const viewState = useCatalogueView();
  const { view } = viewState;
  const catalogue = useCatalogue(view, { skip: !view.q });
  const { total, correctedSearch, loading } = catalogue;

  return (
    <Page title={view.q ? `Search: ${view.q}` : 'Search'}>
      <Title order={2} ta="center">
        Search Results
      </Title>
      {!loading && (
        <Text ta="center" data-testid="search-count" role="status">
          {total < 1 ? 'No Products Found' : `Found ${total} Results`}
        </Text>
      )}
      {correctedSearch && (
        <Text ta="center" data-testid="search-correction">
          Showing results for <strong>{correctedSearch}</strong>
        </Text>
      )}
      <Box mt="md">
        <CatalogueBrowser viewState={viewState} catalogue={catalogue} byCategory />
      </Box>
    </Page>
  );
}
