import { Text } from '@mantine/core';
import type { OrderFieldsFragment } from '../../gql/graphql';

/** Whether the order was paid, refunded after a cancellation, or its payment failed and why. */
export function PaymentState({ payment }: Pick<OrderFieldsFragment, 'payment'>) {
  if (!payment.success) {
    return (
      <Text c="red" data-testid="payment-state">
        Payment failed{payment.message ? `: ${payment.message}` : ''}. Nothing was charged.
      </Text>
    );
  }
  return (
    <Text data-testid="payment-state">
      {payment.refunded ? 'Refunded to your card after the cancellation' : 'Paid by card'}
    </Text>
  );
}
