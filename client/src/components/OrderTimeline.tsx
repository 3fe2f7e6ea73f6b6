import { Text, Timeline } from '@mantine/core';
import type { OrderFieldsFragment } from '../gql/graphql';
import { formatDateTime } from '../lib/dates';
import { ORDER_STATUS_LABELS } from '../lib/order-status';

/** Every status change of an order, oldest first: what, by whom, when. */
export function OrderTimeline({ history }: Pick<OrderFieldsFragment, 'history'>) {
  if (history.length === 0) return null;
  return (
    <Timeline
      active={history.length - 1}
      bulletSize={14}
      lineWidth={2}
      data-testid="order-timeline"
    >
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
