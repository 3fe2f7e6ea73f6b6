import { Alert, Grid, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ProductGrid } from '../../components/ProductGrid';
import { useCategoriesQuery } from '../../gql/hooks';
import type { ProductFilter } from '../../gql/graphql';
import { FilterPanel } from './FilterPanel';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PRICE_BANDS } from './price-bands';
import { useProductPages } from './useProductPages';

export default function HomePage() {
  const [checked, setChecked] = useState<string[]>([]);
  const [band, setBand] = useState<number | null>(null);
  const { data: categories } = useCategoriesQuery();

  const filter = useMemo<ProductFilter | null>(() => {
    if (checked.length === 0 && band === null) return null;
    const range = band === null ? null : PRICE_BANDS[band];
    return {
      ...(checked.length > 0 && { categoryIds: checked }),
      ...(range && { priceMin: range.min, priceMax: range.max }),
    };
  }, [checked, band]);
  const { products, loading, error, loadingMore, hasMore, loadMore } = useProductPages(filter);

  return (
    <Page>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <Image
          src="/banners/festive-sale.svg"
          alt="Festive sale: up to 40% off electronics"
          radius="md"
        />
        <Image src="/banners/new-arrivals.svg" alt="New arrivals in fashion and home" radius="md" />
      </SimpleGrid>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <FilterPanel
            categories={categories?.categories ?? []}
            checked={checked}
            band={band}
            onCheckedChange={setChecked}
            onBandChange={setBand}
            onReset={() => {
              setChecked([]);
              setBand(null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Title order={2} ta="center" mb="md">
            All Products
          </Title>
          {loading && <Loading />}
          {error && !loading && (
            <Alert color="red" title="Products could not be loaded">
              Please try again in a moment.
            </Alert>
          )}
          {!loading && !error && products.length === 0 && (
            <Text ta="center" c="dimmed">
              No products match these filters.
            </Text>
          )}
          <ProductGrid products={products} />
          {hasMore && <LoadMoreButton loading={loadingMore} onClick={loadMore} />}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
