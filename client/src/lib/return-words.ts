import { t } from '@lingui/core/macro';
import { isReturnableProduct } from '@shop/rules';
import type { OrderAdjustmentFieldsFragment, ReturnState } from '../gql/graphql';

type OrderReturn = OrderAdjustmentFieldsFragment['returns'][number];

/**
 * Where a return stands, in the shop's words, for its buyer and the admin alike (looked up in
 * the language of the moment it is read).
 */
export const RETURN_STATE_WORDS: Record<ReturnState, string> = {
  get REQUESTED() {
    return t`Requested`;
  },
  get APPROVED() {
    return t`Approved: send the items back`;
  },
  get REFUSED() {
    return t`Refused`;
  },
  get RECEIVED() {
    return t`Received and refunded`;
  },
};

/** "Return 2". */
export const returnName = ({ number }: Pick<OrderReturn, 'number'>) => t`Return ${number}`;

/** "line 3": a line the order no longer names. */
const lineName = (lines: readonly { name: string }[], line: number) => {
  const position = line + 1;
  return lines[line]?.name ?? t`line ${position}`;
};

/** "2 × Cotton Kurta, 1 × Brass Lamp": what a return sends back, by the order's line names. */
export function returnedItems(
  ret: Pick<OrderReturn, 'lines'>,
  lines: readonly { name: string }[],
): string {
  return ret.lines.map((one) => `${one.quantity} × ${lineName(lines, one.line)}`).join(', ');
}

/** "2 cancelled by the shop": units of a line the shop took off before shipping. */
export const cancelledByShop = (units: number) => t`${units} cancelled by the shop`;

/** Whether the buyer has asked for a return the shop has not decided yet. */
export const hasReturnRequested = (order: { returns: readonly Pick<OrderReturn, 'state'>[] }) =>
  order.returns.some((ret) => ret.state === 'REQUESTED');

/**
 * "7-day returns" or "Not returnable": the shop's return policy as it applies to `product`
 * (the server's rule, and a window of some days). Only words for the product page: the server
 * decides when a return is asked.
 */
export function returnsInWords(
  policy: {
    windowDays: number;
    nonReturnableCategories: string[];
    nonReturnableProducts: string[];
  },
  product: { id: string; category?: { id: string } | null },
): string {
  const returnable =
    policy.windowDays > 0 && isReturnableProduct(policy, product.id, product.category?.id);
  const days = policy.windowDays;
  return returnable ? t`${days}-day returns` : t`Not returnable`;
}

/**
 * An order's steps besides its status changes, for its timeline: units the shop cancelled, and
 * each return asked for, decided and received.
 */
export function adjustmentSteps(
  order: Pick<OrderAdjustmentFieldsFragment, 'lineCancels' | 'returns'>,
  lines: readonly { name: string }[],
): { at: string; title: string; byName?: string }[] {
  return [
    ...order.lineCancels.map((cancel) => {
      const { quantity } = cancel;
      const name = lineName(lines, cancel.line);
      return {
        at: cancel.at,
        title: t`${quantity} × ${name} cancelled by the shop`,
        byName: cancel.byName,
      };
    }),
    ...order.returns.flatMap((ret) => {
      const { number } = ret;
      return [
        { at: ret.requestedAt, title: t`Return ${number} asked for` },
        ...(ret.decidedAt
          ? [
              {
                at: ret.decidedAt,
                title:
                  ret.state === 'REFUSED'
                    ? t`Return ${number} refused`
                    : t`Return ${number} approved`,
              },
            ]
          : []),
        ...(ret.receivedAt
          ? [{ at: ret.receivedAt, title: t`Return ${number} received and refunded` }]
          : []),
      ];
    }),
  ];
}
