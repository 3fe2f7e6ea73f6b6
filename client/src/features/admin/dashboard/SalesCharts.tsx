import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import type { ShopStatsQuery } from '../../../gql/graphql';
import { formatINR } from '../../../lib/money';
import { DASHBOARD } from '../messages';
import { dayOnAxis, nameOnAxis, rupeesOnAxis } from './chart-format';

type Stats = ShopStatsQuery['shopStats'];

// Dark enough to stand out from the page at 3:1 (WCAG's contrast for graphics).
const BY_DAY = [{ name: 'revenue', label: 'Revenue', color: 'teal.8' }];
const BY_PRODUCT = [{ name: 'revenue', label: 'Revenue', color: 'indigo.7' }];

/**
 * The dashboard's charts, in a chunk of their own (with the chart library), loaded only
 * when the dashboard shows them.
 */
export default function SalesCharts({
  revenueByDay,
  topProducts,
}: Pick<Stats, 'revenueByDay' | 'topProducts'>) {
  const days = revenueByDay.map((day) => ({ ...day, day: dayOnAxis(day.date) }));
  return (
    <Stack gap="xl">
      <div data-testid="revenue-chart">
        <Title order={3} size="h4" mb="sm">
          {DASHBOARD.revenuePerDay}
        </Title>
        {/* Bars, not a curve: each day stands alone, and a curve would draw sales between them. */}
        <BarChart
          h={260}
          data={days}
          dataKey="day"
          series={BY_DAY}
          valueFormatter={formatINR}
          yAxisProps={{ tickFormatter: rupeesOnAxis, width: 64 }}
          gridAxis="x"
        />
      </div>
      {topProducts.length > 0 && (
        <div data-testid="top-products-chart">
          <Title order={3} size="h4" mb="sm">
            {DASHBOARD.topProducts}
          </Title>
          <BarChart
            h={44 + topProducts.length * 34}
            data={topProducts}
            dataKey="name"
            orientation="vertical"
            series={BY_PRODUCT}
            valueFormatter={formatINR}
            xAxisProps={{ tickFormatter: rupeesOnAxis }}
            yAxisProps={{ tickFormatter: nameOnAxis, width: 170 }}
            gridAxis="y"
          />
        </div>
      )}
    </Stack>
  );
}
