import { Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ProductGrid } from '../../components/ProductGrid';
import { useCategoryPageQuery } from '../../gql/hooks';
import { NotFoundPage } from '../../components/NotFoundPage';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { useProductPages } from './useProductPages';

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const { data, loading } = useCategoryPageQuery({ variables: { slug } });
  const category = data?.category;
  const pages = useProductPages(category ? { categoryIds: [category.id] } : null, !category);

  if (loading || (category && pages.loading)) return <Loading />;
  if (!category) return <NotFoundPage />;
  return (
    <Page title={category.name}>
      <Title order={2} ta="center">
        Category - {category.name}
      </Title>
      <Text ta="center" mb="md">
        {pages.total} result{pages.total === 1 ? '' : 's'} found
      </Text>
      <ProductGrid products={pages.products} />
      {pages.hasMore && <LoadMoreButton loading={pages.loadingMore} onClick={pages.loadMore} />}
    </Page>
  );
}
