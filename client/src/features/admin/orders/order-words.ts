import { RETURN_RULES } from '@shop/rules';
import { formatINR } from '../../../lib/money';

/**
 * What the admin's page of one order says, written once for the page and its tests: here
 * rather than in the admin's messages, which the first download carries.
 */
export const ORDER_PAGE = {
  title: (number: string) => `Order ${number}`,
  failure: 'This order could not be loaded.',
  notFound: (number: string) => `No order has the number ${number}.`,
  returnRequested: 'Return requested',
  items: 'Items',
  buyer: 'Buyer',
  payment: 'Payment',
  total: 'Total',
  dueOnDelivery: 'To collect on delivery',
  cancelledItems: 'Items cancelled by the shop',
  cancelled: (units: number, name: string, by: string) => `${units} × ${name}, by ${by}`,
  returns: 'Returns',
  emails: 'E-mails',
  cancelItems: 'Cancel items',
  cancelItemsOf: (name: string) => `Cancel items of ${name}`,
  unitsToCancel: 'Units to cancel',
  upTo: (units: number) => `1 to ${units}`,
  /** The refund a cancel makes, in units at the price paid: the server works out the sum. */
  prepaidRefund: (units: number, price: number) =>
    `${units} × ${formatINR(price)} will be refunded to the buyer.`,
  cashRefund: (units: number, price: number) =>
    `The buyer pays ${units} × ${formatINR(price)} less on delivery.`,
  keep: 'Keep them',
  confirmCancel: (units: number) => `Cancel ${units} ${units === 1 ? 'item' : 'items'}`,
  cancelledToast: (amount: number, cash: boolean) =>
    cash
      ? `Items cancelled: the buyer pays ${formatINR(amount)} less on delivery`
      : `Items cancelled: ${formatINR(amount)} refunded to the buyer`,
  note: (number: number) => `Note to the buyer on return ${number}`,
  noteHint: `Optional, at most ${RETURN_RULES.note.max} characters`,
  approve: (number: number) => `Approve return ${number}`,
  refuse: (number: number) => `Refuse return ${number}`,
  approved: (number: number) => `Return ${number} approved`,
  refused: (number: number) => `Return ${number} refused`,
  reference: (number: number) => `Transfer reference of return ${number}`,
  referenceHint: 'The bank or UPI transfer the shop refunded the buyer by',
  markReceived: (number: number) => `Mark return ${number} received`,
  received: (number: number) => `Return ${number} received and refunded`,
  backToOrders: 'Back to orders',
} as const;
