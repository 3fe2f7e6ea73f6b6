import { Box, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { productsFound, searchHeading } from './headings';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function SearchPage() {
  const viewState = useCatalogueView();
  const { view } = viewState;
  const catalogue = useCatalogue(view, { skip: !view.q });
  const { total, correctedSearch, loading } = catalogue;

  return (
    <Page title={view.q ? `Search: ${view.q}` : 'Search'}>
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
          Showing results for <strong>{correctedSearch}</strong>
        </Text>
      )}
      <Box mt="md">
        <CatalogueBrowser viewState={viewState} catalogue={catalogue} byCategory />
      </Box>
    </Page>
  );
}
