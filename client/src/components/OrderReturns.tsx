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
      {returns.map((ret) => (
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
          <Text size="sm">Reason: {ret.reason}</Text>
          {ret.note && (
            <Text size="sm" data-testid="return-note">
              The shop’s note: {ret.note}
            </Text>
          )}
          {ret.state !== 'REFUSED' && (
            <Text size="sm" data-testid="return-amount">
              {ret.state === 'RECEIVED' ? 'Refunded' : 'Refunded once received'}:{' '}
              {formatINR(ret.amount)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Asked <time dateTime={ret.requestedAt}>{formatDateTime(ret.requestedAt)}</time>
            {ret.decidedAt && (
              <>
                {', decided '}
                <time dateTime={ret.decidedAt}>{formatDateTime(ret.decidedAt)}</time>
              </>
            )}
            {ret.receivedAt && (
              <>
                {', received '}
                <time dateTime={ret.receivedAt}>{formatDateTime(ret.receivedAt)}</time>
              </>
            )}
          </Text>
          {actions?.(ret)}
        </Card>
      ))}
    </Stack>
  );
}
