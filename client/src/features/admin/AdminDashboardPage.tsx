import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useShopStatsQuery } from '../../gql/admin-hooks';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { useAuth } from '../../session/auth';
import { CountCard, RevenueCard } from './dashboard/StatCards';
import { RANGE_PARAM, STATS_RANGES, statsRangeOf } from './dashboard/stats-range';
import { DASHBOARD } from './messages';
import { TaxSetupAlert } from './tax/TaxSetupAlert';
import { adminOrdersPath, adminProductsPath } from './list-views';

// The chart library is the dashboard's largest part: its own chunk, fetched once figures show.
const SalesCharts = lazy(() => import('./dashboard/SalesCharts'));

/** The admin's home: sales, orders waiting for the admin, stock alerts, and charts. */
export default function AdminDashboardPage() {
  const admin = useAuth().auth?.user;
  const [params, setParams] = useSearchParams();
  const { range, days } = statsRangeOf(params);
  const query = useShopStatsQuery({ variables: { range }, fetchPolicy: 'cache-and-network' });
  // Another period keeps the figures shown until its own arrive.
  const stats = (query.data ?? query.previousData)?.shopStats;
  const sold = stats?.revenueByDay.some((day) => day.orders > 0) ?? false;

  const chooseRange = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(RANGE_PARAM, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={DASHBOARD.title}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2}>{DASHBOARD.heading}</Title>
        {admin && (
          <Text size="sm" c="dimmed" data-testid="signed-in-as">
            {DASHBOARD.signedInAs(admin.name)}
          </Text>
        )}
      </Group>
      <TaxSetupAlert />
      <LoadStatus of={{ ...query, data: stats }} failure={DASHBOARD.failure} />
      {stats && (
        <Stack gap="xl">
          <section>
            <Title order={3} size="h4" mb="sm">
              {DASHBOARD.sales}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {stats.revenue.map((period) => (
                <RevenueCard key={period.label} period={period} />
              ))}
            </SimpleGrid>
          </section>
          <section>
            <Title order={3} size="h4" mb="sm">
              {DASHBOARD.waiting}
            </Title>
            <SimpleGrid cols={3}>
              {stats.waitingOrders.map(({ status, count }) => (
                <CountCard
                  key={status}
                  label={ORDER_STATUS_LABELS[status]}
                  count={count}
                  unit={DASHBOARD.orders(count)}
                  to={adminOrdersPath({ status })}
                />
              ))}
            </SimpleGrid>
          </section>
          <section>
            <Title order={3} size="h4" mb="sm">
              {DASHBOARD.stock}
            </Title>
            <SimpleGrid cols={2}>
              <CountCard
                label={DASHBOARD.outOfStock}
                count={stats.outOfStock}
                unit={DASHBOARD.products(stats.outOfStock)}
                to={adminProductsPath('OUT_OF_STOCK')}
                alert="red.9"
              />
              <CountCard
                label={DASHBOARD.lowStock(stats.lowStockThreshold)}
                count={stats.lowStock}
                unit={DASHBOARD.products(stats.lowStock)}
                to={adminProductsPath('LOW_STOCK')}
                alert="orange.9"
              />
            </SimpleGrid>
          </section>
          <Paper withBorder p="md" component="section">
            <Group justify="space-between" mb="md">
              <Title order={3} size="h4">
                {DASHBOARD.overDays(days)}
              </Title>
              <SegmentedControl
                aria-label={DASHBOARD.chartsPeriod}
                value={String(days)}
                onChange={chooseRange}
                data={STATS_RANGES.map((option) => ({
                  value: String(option.days),
                  label: `${option.days} days`,
                }))}
              />
            </Group>
            {sold ? (
              <Suspense fallback={<Loading label={DASHBOARD.loadingCharts} />}>
                <SalesCharts revenueByDay={stats.revenueByDay} topProducts={stats.topProducts} />
              </Suspense>
            ) : (
              <Text c="dimmed" ta="center" py="xl" data-testid="no-sales">
                {DASHBOARD.noSales(days)}
              </Text>
            )}
          </Paper>
        </Stack>
      )}
    </Page>
  );
}
