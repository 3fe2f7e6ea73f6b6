import { Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ProductGrid } from '../../components/ProductGrid';
import { useSearchProductsQuery } from '../../gql/hooks';
import { SEARCH_KEYWORD } from '../../lib/routes';
import { useLoadMore } from '../../lib/use-load-more';
import { LoadMoreButton } from '../../components/LoadMoreButton';

export const SEARCH_PAGE_SIZE = 12;

export default function SearchPage() {
  const [params] = useSearchParams();
  const keyword = params.get(SEARCH_KEYWORD)?.trim() ?? '';
  const { data, loading, fetchMore } = useSearchProductsQuery({
    variables: { search: keyword, page: 1, pageSize: SEARCH_PAGE_SIZE },
    skip: !keyword,
  });
  const results = data?.products;
  const count = results?.total ?? 0;

  const { loadingMore, loadMore } = useLoadMore(
    fetchMore,
    results?.items.length ?? 0,
    SEARCH_PAGE_SIZE,
  );

  return (
    <Page title={keyword ? `Search: ${keyword}` : 'Search'}>
      <Title order={2} ta="center">
        Search Results
      </Title>
      {loading && !results ? (
        <Loading />
      ) : (
        <>
          <Text ta="center" mb="md" data-testid="search-count">
            {count < 1 ? 'No Products Found' : `Found ${count} Results`}
          </Text>
          <ProductGrid products={results?.items ?? []} />
          {results?.hasMore && <LoadMoreButton loading={loadingMore} onClick={loadMore} />}
        </>
      )}
    </Page>
  );
}
