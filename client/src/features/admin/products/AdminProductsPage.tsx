import {
  Button,
  Card,
  Center,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import { useAdminProductsQuery } from '../../../gql/admin-hooks';
import type { StockLevel } from '../../../gql/graphql';
import { WORDS } from '../../../lib/messages';
import { adminProductPath } from '../../../lib/routes';
import { excerpt } from '../../../lib/text';
import { ListedPriceTag } from '../../../components/PriceTag';
import { useLoadMore } from '../../../lib/use-load-more';
import { PRODUCTS } from '../messages';
import { ProductImport } from './ProductImport';
import { StockBadge } from './StockBadge';
import { STOCK_PARAM, stockLevelOf } from '../list-views';

/** Products per "load more" on the admin's list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 12;

const ALL = 'ALL';
const STOCK_OPTIONS: { value: StockLevel | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All' },
  { value: 'LOW_STOCK', label: 'Low stock' },
  { value: 'OUT_OF_STOCK', label: WORDS.outOfStock },
];

export default function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const stock = stockLevelOf(params);
  const query = useAdminProductsQuery({
    variables: { page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE, ...(stock && { filter: { stock } }) },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.products;

  const { loadingMore, loadMore } = useLoadMore(
    query.fetchMore,
    page?.items.length ?? 0,
    ADMIN_PRODUCTS_PAGE_SIZE,
  );

  const chooseStock = (value: string) => setParams(value === ALL ? {} : { [STOCK_PARAM]: value });

  return (
    <Page title="All Products List">
      <Title order={2} ta="center" mb="md">
        All Products List
      </Title>
      <ProductImport onImported={() => void query.refetch()} />
      <Group mb="md">
        <SegmentedControl
          aria-label="Filter by stock"
          value={stock ?? ALL}
          onChange={chooseStock}
          data={STOCK_OPTIONS}
        />
      </Group>
      <LoadStatus of={query} failure={PRODUCTS.failure} />
      {page && page.items.length === 0 && <Text>{PRODUCTS.none}</Text>}
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
            {/* Wraps on a narrow card rather than cutting the badge. */}
            <Group justify="space-between" align="flex-start" mt="sm" gap="xs">
              <Text fw={600}>{product.name}</Text>
              <StockBadge
                level={product.stockLevel}
                quantity={product.quantity}
                fewestLeft={product.fewestLeft}
              />
            </Group>
            <Group justify="space-between" gap="xs" mt={4}>
              <ListedPriceTag product={product} size="sm" />
              <Text size="sm" c="dimmed" data-testid="admin-stock">
                {PRODUCTS.inStock(product.quantity)}
              </Text>
            </Group>
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
