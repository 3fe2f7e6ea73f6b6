import { Card, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShopStatsQuery } from '../../../gql/graphql';
import { formatINR } from '../../../lib/money';
import { DASHBOARD } from '../messages';

type RevenuePeriod = ShopStatsQuery['shopStats']['revenue'][number];

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** ▲ 12.5% (green) or ▼ 3% (red) against the period before; "—" when nothing sold then. */
function Change({ change, days }: Pick<RevenuePeriod, 'change' | 'days'>) {
  const against = DASHBOARD.previousPeriod(days);
  if (change === null || change === undefined) {
    return (
      <Text size="sm" c="dimmed" data-testid="revenue-change" title={DASHBOARD.noChange}>
        — {against}
      </Text>
    );
  }
  const arrow = change > 0 ? '▲ ' : change < 0 ? '▼ ' : '';
  const color = change > 0 ? 'teal.9' : change < 0 ? 'red.9' : 'dimmed';
  return (
    <Text size="sm" c={color} data-testid="revenue-change">
      {arrow}
      {percent.format(Math.abs(change))}% {against}
    </Text>
  );
}

/** Paid revenue of one period: rupees, orders, and the change against the period before. */
export function RevenueCard({ period }: { period: RevenuePeriod }) {
  return (
    <Card withBorder data-testid="revenue-card">
      <Text size="sm" c="dimmed" fw={600}>
        {period.label}
      </Text>
      <Text fz={26} fw={700}>
        {formatINR(period.revenue)}
      </Text>
      <Text size="sm">{DASHBOARD.ordersCount(period.orders)}</Text>
      {period.discounts > 0 && (
        <Text size="sm" c="dimmed" data-testid="revenue-discounts">
          {DASHBOARD.discountsGiven(formatINR(period.discounts))}
        </Text>
      )}
      <Change change={period.change} days={period.days} />
    </Card>
  );
}

interface CountCardProps {
  label: string;
  count: number;
  /** What is counted, in words that suit the count: "order" or "orders". */
  unit: string;
  /** The list of what is counted. */
  to: string;
  /** Coloured when there is something to see to. */
  alert?: string;
}

/** A count that links to the list of what it counts. */
export function CountCard({ label, count, unit, to, alert }: CountCardProps) {
  return (
    <Card withBorder padding="sm" component={Link} to={to} data-testid="count-card">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={count > 0 && alert ? alert : undefined}>
        {count}{' '}
        <Text span size="sm" fw={400} c="dimmed">
          {unit}
        </Text>
      </Text>
    </Card>
  );
}
