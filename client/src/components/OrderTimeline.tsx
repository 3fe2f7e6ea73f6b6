import { Text, Timeline } from '@mantine/core';
import type { OrderFieldsFragment } from '../gql/graphql';
import { formatDateTime } from '../lib/dates';
import { ORDER_STATUS_LABELS } from '../lib/order-status';

interface OrderTimelineProps extends Pick<OrderFieldsFragment, 'history'> {
  /** When the order was placed: its first step, on the order's own page. */
  placedAt?: string;
}

/** Every status change of an order, oldest first: what, by whom, when. */
export function OrderTimeline({ history, placedAt }: OrderTimelineProps) {
  if (history.length === 0 && !placedAt) return null;
  const steps = history.length + (placedAt ? 1 : 0);
  return (
    <Timeline active={steps - 1} bulletSize={14} lineWidth={2} data-testid="order-timeline">
      {placedAt && (
        <Timeline.Item title="Order placed">
          <Text size="sm" c="dimmed">
            <time dateTime={placedAt}>{formatDateTime(placedAt)}</time>
          </Text>
        </Timeline.Item>
      )}
      {history.map((change) => (
        <Timeline.Item
          key={`${change.at}-${change.to}`}
          title={`${ORDER_STATUS_LABELS[change.from]} → ${ORDER_STATUS_LABELS[change.to]}`}
        >
          <Text size="sm" c="dimmed">
            by {change.byName}, <time dateTime={change.at}>{formatDateTime(change.at)}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
