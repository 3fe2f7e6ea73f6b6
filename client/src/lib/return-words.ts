import { isReturnableProduct } from '@shop/rules';
import type { OrderAdjustmentFieldsFragment, ReturnState } from '../gql/graphql';

type OrderReturn = OrderAdjustmentFieldsFragment['returns'][number];

/** Where a return stands, in the shop's words, for its buyer and the admin alike. */
export const RETURN_STATE_WORDS: Record<ReturnState, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved: send the items back',
  REFUSED: 'Refused',
  RECEIVED: 'Received and refunded',
};

/** "Return 2". */
export const returnName = (ret: Pick<OrderReturn, 'number'>) => `Return ${ret.number}`;

/** "2 × Cotton Kurta, 1 × Brass Lamp": what a return sends back, by the order's line names. */
export function returnedItems(
  ret: Pick<OrderReturn, 'lines'>,
  lines: readonly { name: string }[],
): string {
  return ret.lines
    .map((one) => `${one.quantity} × ${lines[one.line]?.name ?? `line ${one.line + 1}`}`)
    .join(', ');
}

/** "2 cancelled by the shop": units of a line the shop took off before shipping. */
export const cancelledByShop = (units: number) => `${units} cancelled by the shop`;

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
  return returnable ? `${policy.windowDays}-day returns` : 'Not returnable';
}

/**
 * An order's steps besides its status changes, for its timeline: units the shop cancelled, and
 * each return asked for, decided and received.
 */
export function adjustmentSteps(
  order: Pick<OrderAdjustmentFieldsFragment, 'lineCancels' | 'returns'>,
  lines: readonly { name: string }[],
): { at: string; title: string; byName?: string }[] {
  const nameOf = (line: number) => lines[line]?.name ?? `line ${line + 1}`;
  return [
    ...order.lineCancels.map((cancel) => ({
      at: cancel.at,
      title: `${cancel.quantity} × ${nameOf(cancel.line)} cancelled by the shop`,
      byName: cancel.byName,
    })),
    ...order.returns.flatMap((ret) => [
      { at: ret.requestedAt, title: `${returnName(ret)} asked for` },
      ...(ret.decidedAt
        ? [
            {
              at: ret.decidedAt,
              title: `${returnName(ret)} ${ret.state === 'REFUSED' ? 'refused' : 'approved'}`,
            },
          ]
        : []),
      ...(ret.receivedAt
        ? [{ at: ret.receivedAt, title: `${returnName(ret)} received and refunded` }]
        : []),
    ]),
  ];
}
