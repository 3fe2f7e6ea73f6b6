import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Grid, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { ProductGrid } from '../../components/ProductGrid';
import { useCategoriesQuery } from '../../gql/hooks';
import { FilterPanel, SortSelect } from './FilterPanel';
import type { useCatalogue, useCatalogueView } from './useCatalogueView';

interface CatalogueResultsProps {
  catalogue: ReturnType<typeof useCatalogue>;
  showPages: ReturnType<typeof useCatalogueView>['showPages'];
  /** Said when nothing matches, unless the page says it otherwise. */
  empty?: string;
}

/** A view's products: loading, failed, none, or the grid with "load more" while more match. */
export function CatalogueResults({ catalogue, showPages, empty }: CatalogueResultsProps) {
  const { t } = useLingui();
  const { products, loading, error, hasMore, loadingMore, matchedWords } = catalogue;
  if (loading) return <Loading />;
  if (error && products.length === 0) {
    return (
      <Alert color="red" title={t`Products could not be loaded`}>
        <Trans>Please try again in a moment.</Trans>
      </Alert>
    );
  }
  return (
    <>
      {products.length === 0 && empty && (
        <Text ta="center" c="dimmed">
          {empty}
        </Text>
      )}
      <ProductGrid products={products} highlight={matchedWords} />
      {hasMore && (
        <LoadMoreButton
          loading={loadingMore}
          onClick={async () => {
            const shown = await catalogue.loadMore();
            if (shown) showPages(shown);
          }}
        />
      )}
    </>
  );
}

interface CatalogueBrowserProps extends Omit<CatalogueResultsProps, 'showPages'> {
  viewState: ReturnType<typeof useCatalogueView>;
  /** Whether the categories are offered as a filter (not on a category's own page). */
  byCategory?: boolean;
  /** Above the sort order, beside the filters. */
  heading?: ReactNode;
  /** The deals' list (its own first sort order). */
  deals?: boolean;
}

// Only phones open it, and only when asked: kept out of the home page's first download.
const FilterDrawer = lazy(() => import('./FilterDrawer'));

/** How many filters a view has on: each category and option value ticked, a price, stock. */
const filtersOn = (view: CatalogueBrowserProps['viewState']['view']): number =>
  view.categories.length + view.options.length + (view.band ? 1 : 0) + (view.inStock ? 1 : 0);

/**
 * The storefront's lists: the filters beside, the sort order above, the products. On a phone
 * the filters wait behind a "Filters" button, in a drawer that says how many products they
 * leave, so the first products come right after the heading.
 */
export function CatalogueBrowser({
  viewState: { view, change, showPages },
  catalogue,
  byCategory = false,
  heading,
  empty,
  deals = false,
}: CatalogueBrowserProps) {
  const { t } = useLingui();
  const { data } = useCategoriesQuery({ skip: !byCategory });
  const [drawerOpen, drawer] = useDisclosure(false);
  const on = filtersOn(view);
  const panel = (
    <FilterPanel
      view={view}
      facets={catalogue.facets}
      categories={byCategory ? (data?.categories ?? []) : undefined}
      onChange={change}
      onReset={() => change({ categories: [], band: null, inStock: false, options: [] })}
    />
  );
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, sm: 3 }} visibleFrom="sm">
        {panel}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        {heading}
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Button
            hiddenFrom="sm"
            variant="default"
            onClick={drawer.open}
            aria-haspopup="dialog"
            data-testid="open-filters"
          >
            {on > 0 ? t`Filters (${on})` : t`Filters`}
          </Button>
          <Group justify="flex-end" style={{ flex: 1 }}>
            <SortSelect view={view} onChange={change} deals={deals} />
          </Group>
        </Group>
        <CatalogueResults catalogue={catalogue} showPages={showPages} empty={empty} />
      </Grid.Col>
      {drawerOpen && (
        <Suspense fallback={null}>
          <FilterDrawer onClose={drawer.close} total={catalogue.total} loading={catalogue.loading}>
            {panel}
          </FilterDrawer>
        </Suspense>
      )}
    </Grid>
  );
}
