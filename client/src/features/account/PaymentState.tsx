import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { mayPayNow, paymentInWords, refundedInWords, refundInWords } from '../../lib/payment-words';
import { payOrderPath } from '../../lib/routes';

/**
 * How the order is paid, in words ("Paid by UPI", "Cash on delivery: pay ₹X when it arrives",
 * "Payment failed"...), why a payment failed, what has gone back to the buyer and each refund
 * with its state (a cancellation, items the shop cancelled, a return), and "Pay now" while the
 * order may still be paid.
 */
export function PaymentState({
  order,
}: {
  order: Pick<
    OrderDetailFieldsFragment,
    'number' | 'total' | 'amountDue' | 'amountPaid' | 'refundedAmount' | 'payment'
  >;
}) {
  const { payment } = order;
  const failed = payment.state === 'FAILED';
  return (
    <Stack gap="xs">
      <Text data-testid="payment-state" c={failed ? 'red.9' : undefined}>
        {paymentInWords(payment, order)}
        {failed && payment.message ? `: ${payment.message}` : ''}
      </Text>
      {order.refundedAmount > 0 && (
        <Text fw={600} data-testid="refunded-amount">
          {refundedInWords(order.refundedAmount)}
        </Text>
      )}
      {payment.refunds.length > 0 && (
        <List size="sm" spacing={4} data-testid="refunds">
          {payment.refunds.map((refund) => (
            <List.Item key={`${refund.at}-${refund.amount}`} data-testid="refund">
              {refundInWords(refund)}
            </List.Item>
          ))}
        </List>
      )}
      {mayPayNow(payment) && (
        <Group>
          <Button component={Link} to={payOrderPath(order.number)} size="sm">
            <Trans>Pay now</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
