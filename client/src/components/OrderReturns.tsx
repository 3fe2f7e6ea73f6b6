import { Trans } from '@lingui/react/macro';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderAdjustmentFieldsFragment, ReturnState } from '../gql/graphql';
import { formatDateTime } from '../lib/dates';
import { formatINR } from '../lib/money';
import { RETURN_STATE_WORDS, returnedItems, returnName } from '../lib/return-words';

type OrderReturn = OrderAdjustmentFieldsFragment['returns'][number];

const STATE_COLOURS: Record<ReturnState, string> = {
  REQUESTED: 'yellow',
  APPROVED: 'blue',
  REFUSED: 'gray',
  RECEIVED: 'green',
};

interface OrderReturnsProps {
  returns: readonly OrderReturn[];
  /** The order's lines, whose names the returns' items are read by. */
  lines: readonly { name: string }[];
  /** What may be done with a return now (the admin's buttons), under it. */
  actions?: (ret: OrderReturn) => ReactNode;
}

/**
 * An order's returns, oldest first: each one's items, the buyer's reason, where it stands,
 * the shop's note and the amount it refunds (the server's), with its dates.
 */
export function OrderReturns({ returns, lines, actions }: OrderReturnsProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {returns.map((ret) => {
        const { reason, note } = ret;
        const amount = formatINR(ret.amount);
        const requested = formatDateTime(ret.requestedAt);
        return (
          <Card component="li" withBorder key={ret.number} data-testid="order-return" padding="sm">
            <Group justify="space-between" align="flex-start" mb={4}>
              <Text fw={600}>{returnName(ret)}</Text>
              <Badge variant="light" color={STATE_COLOURS[ret.state]} data-testid="return-state">
                {RETURN_STATE_WORDS[ret.state]}
              </Badge>
            </Group>
            <Text size="sm" data-testid="return-items">
              {returnedItems(ret, lines)}
            </Text>
            <Text size="sm">
              <Trans>Reason: {reason}</Trans>
            </Text>
            {ret.note && (
              <Text size="sm" data-testid="return-note">
                <Trans>The shop’s note: {note}</Trans>
              </Text>
            )}
            {ret.state !== 'REFUSED' && (
              <Text size="sm" data-testid="return-amount">
                {ret.state === 'RECEIVED' ? (
                  <Trans>Refunded: {amount}</Trans>
                ) : (
                  <Trans>Refunded once received: {amount}</Trans>
                )}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <Trans>
                Asked <time dateTime={ret.requestedAt}>{requested}</time>
              </Trans>
              {ret.decidedAt && <Decided at={ret.decidedAt} />}
              {ret.receivedAt && <Received at={ret.receivedAt} />}
            </Text>
            {actions?.(ret)}
          </Card>
        );
      })}
    </Stack>
  );
}

/** ", decided <date>", after when a return was asked. */
function Decided({ at }: { at: string }) {
  const decided = formatDateTime(at);
  return (
    <Trans>
      , decided <time dateTime={at}>{decided}</time>
    </Trans>
  );
}

/** ", received <date>", after when a return was asked. */
function Received({ at }: { at: string }) {
  const received = formatDateTime(at);
  return (
    <Trans>
      , received <time dateTime={at}>{received}</time>
    </Trans>
  );
}
