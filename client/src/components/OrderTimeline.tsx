import { Trans, useLingui } from '@lingui/react/macro';
import { Text, Timeline } from '@mantine/core';
import type { OrderFieldsFragment } from '../gql/graphql';
import { formatDateTime } from '../lib/dates';
import { ORDER_STATUS_LABELS } from '../lib/order-status';

/** Something that happened to an order besides a status change: items cancelled, a return. */
export interface OrderEvent {
  at: string;
  title: string;
  /** Who did it, when known. */
  byName?: string;
}

interface OrderTimelineProps extends Pick<OrderFieldsFragment, 'history'> {
  /** When the order was placed: its first step, on the order's own page. */
  placedAt?: string;
  /** Other steps, put among the status changes by their dates. */
  events?: OrderEvent[];
}

/** Every status change of an order (and any other step given), oldest first: what, by whom, when. */
export function OrderTimeline({ history, placedAt, events = [] }: OrderTimelineProps) {
  const { t } = useLingui();
  const steps: (OrderEvent & { key: string })[] = [
    ...history.map((change) => ({
      key: `${change.at}-${change.to}`,
      at: change.at,
      title: `${ORDER_STATUS_LABELS[change.from]} → ${ORDER_STATUS_LABELS[change.to]}`,
      byName: change.byName,
    })),
    ...events.map((event) => ({ ...event, key: `${event.at}-${event.title}` })),
  ].sort((one, other) => Date.parse(one.at) - Date.parse(other.at));
  if (steps.length === 0 && !placedAt) return null;
  return (
    <Timeline
      active={steps.length - (placedAt ? 0 : 1)}
      bulletSize={14}
      lineWidth={2}
      data-testid="order-timeline"
    >
      {placedAt && (
        <Timeline.Item title={t`Order placed`}>
          <Text size="sm" c="dimmed">
            <time dateTime={placedAt}>{formatDateTime(placedAt)}</time>
          </Text>
        </Timeline.Item>
      )}
      {steps.map((step) => (
        <Timeline.Item key={step.key} title={step.title}>
          <Text size="sm" c="dimmed">
            <StepWhen at={step.at} byName={step.byName} />
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** When a step was taken, and by whom when known: "by Asha Rao, 8 Mar 2024, 5:30 pm". */
function StepWhen({ at, byName }: { at: string; byName?: string }) {
  const when = formatDateTime(at);
  const time = <time dateTime={at}>{when}</time>;
  return byName ? (
    <Trans>
      by {byName}, {time}
    </Trans>
  ) : (
    time
  );
}
