import { t } from '@lingui/core/macro';
import type { PaymentMethod } from '@shop/payment-rules';
import { useState } from 'react';
import { usePaymentOptionsQuery } from '../gql/hooks';
import type { PaymentChoice } from './PaymentMethodPicker';

/**
 * The ways to pay an order worth `total` rupees (null: not quoted yet) to `pin`, as the server
 * offers them (paymentOptions). Without a PIN, UPI and card, and cash on delivery waiting
 * for one: checkout refuses any way the shop does not take, in its own words. `payingAgain`:
 * only the ways an order placed may be paid again with (cash on delivery is chosen at checkout).
 */
export function usePaymentChoices(
  pin: string | null,
  total: number | null,
  payingAgain = false,
): { choices: PaymentChoice[]; loading: boolean } {
  const query = usePaymentOptionsQuery({
    variables: { pin: pin ?? '', orderTotal: total },
    skip: !pin,
    fetchPolicy: 'cache-and-network',
  });
  const offered = (query.data ?? query.previousData)?.paymentOptions.methods;
  // Why cash on delivery waits, before the order has a PIN to check it against.
  const codNeedsPin = t`Check your PIN code above first, or choose a saved address`;
  const choices: PaymentChoice[] =
    pin && offered
      ? offered.map(({ method, available, reason, fee }) => ({ method, available, reason, fee }))
      : pin && query.loading
        ? []
        : [
            { method: 'UPI', available: true, fee: 0 },
            { method: 'CARD', available: true, fee: 0 },
            { method: 'CASH_ON_DELIVERY', available: false, reason: codNeedsPin, fee: 0 },
          ];
  return {
    choices: payingAgain
      ? choices.filter((choice) => choice.method !== 'CASH_ON_DELIVERY')
      : choices,
    loading: Boolean(pin) && query.loading && !offered,
  };
}

/**
 * The way to pay chosen among `choices`: the shopper's pick while it is available, else the
 * first available (UPI when offered, as the server lists it first).
 */
export function usePaymentChoice(
  choices: readonly PaymentChoice[],
): [PaymentMethod | null, (method: PaymentMethod) => void] {
  const [picked, pick] = useState<PaymentMethod | null>(null);
  const available = choices.filter((choice) => choice.available);
  const chosen =
    available.find((choice) => choice.method === picked)?.method ?? available[0]?.method ?? null;
  return [chosen, pick];
}
