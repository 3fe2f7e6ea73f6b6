import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { mayPayNow, paymentInWords, refundInWords } from '../../lib/payment-words';
import { payOrderPath } from '../../lib/routes';

export const PAY_NOW = 'Pay now';

/**
 * How the order is paid, in words ("Paid by UPI", "Cash on delivery: pay ₹X when it arrives",
 * "Payment failed"...), why a payment failed, each refund with its state after a cancellation,
 * and "Pay now" while the order may still be paid.
 */
export function PaymentState({
  order,
}: {
  order: Pick<OrderDetailFieldsFragment, 'number' | 'total' | 'payment'>;
}) {
  const { payment } = order;
  const failed = payment.state === 'FAILED';
  return (
    <Stack gap="xs">
      <Text data-testid="payment-state" c={failed ? 'red.9' : undefined}>
        {paymentInWords(payment, order.total)}
        {failed && payment.message ? `: ${payment.message}` : ''}
      </Text>
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
            {PAY_NOW}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
