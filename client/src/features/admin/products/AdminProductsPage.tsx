import { Button, Card, Center, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import { useAdminProductsQuery } from '../../../gql/hooks';
import { adminProductPath } from '../../../lib/routes';
import { excerpt } from '../../../lib/text';
import { useLoadMore } from '../../../lib/use-load-more';

/** Products per "load more" on the admin's list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 12;

export default function AdminProductsPage() {
  const query = useAdminProductsQuery({
    variables: { page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.products;

  const { loadingMore, loadMore } = useLoadMore(
    query.fetchMore,
    page?.items.length ?? 0,
    ADMIN_PRODUCTS_PAGE_SIZE,
  );

  return (
    <Page title="All Products List">
      <Title order={2} ta="center" mb="md">
        All Products List
      </Title>
      <LoadStatus of={query} failure="Products could not be loaded." />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {page?.items.map((product) => (
          <Card
            key={product.id}
            component={Link}
            to={adminProductPath(product.slug)}
            withBorder
            data-testid="admin-product"
          >
            {product.photoUrl && (
              <Card.Section>
                <Image src={product.photoUrl} alt={product.name} h={160} />
              </Card.Section>
            )}
            <Text fw={600} mt="sm">
              {product.name}
            </Text>
            <Text size="sm" c="dimmed">
              {excerpt(product.description, 60)}
            </Text>
            <Text size="xs" c="orange.8" mt="xs">
              Click anywhere to update it
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {page?.hasMore && (
        <Center mt="lg">
          <Button onClick={loadMore} loading={loadingMore}>
            Load more
          </Button>
        </Center>
      )}
    </Page>
  );
}
