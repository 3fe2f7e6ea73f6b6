import type { MailLine, MailView } from '../notifications';
import { rupeesShown } from '../common/money';
import { PAYMENT_METHOD_LABELS } from '../shared/payment-rules';
import { addressOnOneLine, orderNumberText, SHOP_TIME_ZONE } from '../shared/rules';
import { goodsOf, lineValueOf } from './order-refunds';
import {
  choicesNamed,
  OrderRecord,
  OrderRefund,
  paymentMethodName,
  paymentStateOf,
  PAYMENT_METHOD,
  PAYMENT_STATE,
} from './order.schema';

/**
 * The messages an order owes as it moves, each once (OrderNotices): the buyer hears of each step,
 * the shop of each new order. Keys are the event and, for refunds, the refund's receipt.
 */
export const ORDER_MAIL_EVENTS = {
  PLACED: 'order-placed',
  NEW_ORDER: 'new-order',
  PAYMENT_FAILED: 'payment-failed',
  SHIPPED: 'order-shipped',
  DELIVERED: 'order-delivered',
  CANCELLED: 'order-cancelled',
  REFUNDED: 'refund-processed',
} as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[keyof typeof ORDER_MAIL_EVENTS];

/** One message an order owes: its event, the notice's name on the order, and to whom. */
export interface OrderNotice {
  event: OrderMailEvent;
  /** Kept on the order once owed (`order-placed`, `refund-processed:<receipt>`). */
  notice: string;
  to: 'buyer' | 'shop';
  refund?: OrderRefund;
}

/** What an order owes as it is now: a notice for each thing that happened to it. */
export function noticesDue(order: OrderRecord): OrderNotice[] {
  if (!order.settled || order.number === undefined) return [];
  const due: OrderNotice[] = [];
  const once = (event: OrderMailEvent, to: OrderNotice['to'] = 'buyer') =>
    due.push({ event, notice: event, to });
  const state = paymentStateOf(order.payment);
  const placed =
    order.payment.success ||
    state === PAYMENT_STATE.DUE_ON_DELIVERY ||
    // Cancelled before it was sent, a cash order was placed all the same.
    order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
  if (placed) {
    once(ORDER_MAIL_EVENTS.PLACED);
    once(ORDER_MAIL_EVENTS.NEW_ORDER, 'shop');
  } else if (state === PAYMENT_STATE.FAILED) {
    once(ORDER_MAIL_EVENTS.PAYMENT_FAILED);
  }
  const reached = new Set(order.history.map((change) => change.to));
  if (reached.has('Shipped')) once(ORDER_MAIL_EVENTS.SHIPPED);
  if (reached.has('Delivered')) once(ORDER_MAIL_EVENTS.DELIVERED);
  if (reached.has('Cancelled') && placed) once(ORDER_MAIL_EVENTS.CANCELLED);
  for (const refund of order.payment.refunds) {
    if (refund.state !== 'processed') continue;
    const event = ORDER_MAIL_EVENTS.REFUNDED;
    due.push({ event, notice: `${event}:${refund.receipt}`, to: 'buyer', refund });
  }
  return due;
}

/** What the message of a notice needs besides the order. */
export interface OrderMailContext {
  shopName: string;
  /** The buyer's name as the account has it. */
  buyerName: string;
  /** The shop's own address, `https://shop.example.in`, for links and photos. */
  origin: string;
  /** Each line's photo as a path on the shop, or null. */
  photoPaths: readonly (string | null)[];
  /** The courier's tracking page of a shipped order, when the courier has one. */
  trackingUrl: string | null;
}

export interface OrderMail {
  subject: string;
  view: MailView;
}

/** The message of `notice` for `order`: its subject and what it says. */
export function orderMailOf(
  order: OrderRecord,
  notice: OrderNotice,
  context: OrderMailContext,
): OrderMail {
  const number = orderNumberText(order.number!);
  const total = rupeesShown(order.total);
  const link = (path: string) => `${context.origin}${path}`;
  const buyerPage = { label: 'View your order', url: link(`/dashboard/user/orders/${number}`) };
  const base = {
    shopName: context.shopName,
    footer:
      `${context.shopName} sent this about order ${number}, placed on ${dayOf(order.createdAt)}. ` +
      'Reply to this e-mail or write to us from your order page if something is not right.',
  };
  const goods = {
    lines: orderLines(order, context),
    amounts: amountsOf(order),
    address: { heading: 'Delivering to', lines: deliveryLines(order) },
  };
  const first = context.buyerName.split(' ')[0] || 'there';
  const method = PAYMENT_METHOD_LABELS[paymentMethodName(order.payment.method)];
  switch (notice.event) {
    case ORDER_MAIL_EVENTS.PLACED: {
      const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
      return {
        subject: `Order ${number} confirmed`,
        view: {
          ...base,
          ...goods,
          preview: `Thank you for your order of ${total}.`,
          heading: `Thank you, ${first}: order ${number} is confirmed`,
          paragraphs: [
            cash
              ? `Please keep ${total} ready to pay in cash when it arrives.`
              : `We have received your payment of ${total} by ${method}.`,
            'We will write again when it ships, with the courier and a link to track it.',
          ],
          action: buyerPage,
        },
      };
    }
    case ORDER_MAIL_EVENTS.NEW_ORDER:
      return {
        subject: `New order ${number}: ${total} from ${context.buyerName}`,
        view: {
          ...base,
          ...goods,
          preview: `${context.buyerName} ordered ${order.lines.length} item(s) for ${total}.`,
          heading: `New order ${number}`,
          paragraphs: [`${context.buyerName} ordered for ${total}, paying by ${method}.`],
          action: { label: 'Open the order', url: link(`/dashboard/admin/orders/${number}`) },
        },
      };
    case ORDER_MAIL_EVENTS.PAYMENT_FAILED:
      return {
        subject: `Payment for order ${number} did not go through`,
        view: {
          ...base,
          ...goods,
          preview: 'Your items are kept for you for a little while.',
          heading: `Your payment of ${total} did not go through`,
          paragraphs: [
            order.payment.message ?? 'The payment was declined.',
            'Your items are kept for you for a little while: you can pay again from your order page.',
          ],
          action: { label: 'Pay again', url: buyerPage.url },
        },
      };
    case ORDER_MAIL_EVENTS.SHIPPED: {
      const shipment = order.shipment;
      return {
        subject: `Order ${number} has shipped`,
        view: {
          ...base,
          ...goods,
          preview: shipment
            ? `On its way with ${shipment.courier}, AWB ${shipment.trackingNumber}.`
            : 'Your order is on its way.',
          heading: `Order ${number} is on its way`,
          paragraphs: shipment
            ? [`It is with ${shipment.courier}, tracking number (AWB) ${shipment.trackingNumber}.`]
            : ['It has left our warehouse.'],
          action: context.trackingUrl
            ? { label: 'Track your parcel', url: context.trackingUrl }
            : buyerPage,
        },
      };
    }
    case ORDER_MAIL_EVENTS.DELIVERED:
      return {
        subject: `Order ${number} was delivered`,
        view: {
          ...base,
          preview: 'We hope you enjoy it.',
          heading: `Order ${number} was delivered`,
          paragraphs: [
            'We hope you enjoy it. If something is not right, you can ask for a return from your order page.',
          ],
          action: buyerPage,
          lines: goods.lines,
        },
      };
    case ORDER_MAIL_EVENTS.CANCELLED: {
      const paid =
        order.payment.success && order.payment.method !== PAYMENT_METHOD.CASH_ON_DELIVERY;
      return {
        subject: `Order ${number} is cancelled`,
        view: {
          ...base,
          preview: paid ? 'Your money is on its way back.' : 'Nothing more will be sent.',
          heading: `Order ${number} is cancelled`,
          paragraphs: [
            paid
              ? `The money you paid is being refunded to your ${method}; we will write when the refund is processed.`
              : 'Nothing will be sent, and nothing is owed.',
          ],
          action: buyerPage,
          lines: goods.lines,
        },
      };
    }
    case ORDER_MAIL_EVENTS.REFUNDED: {
      const amount = rupeesShown(notice.refund!.amount);
      return {
        subject: `Refund of ${amount} for order ${number}`,
        view: {
          ...base,
          preview: `${amount} is on its way back to you.`,
          heading: `We have refunded ${amount}`,
          paragraphs: [
            `${amount} for order ${number} is refunded to your ${method}. Banks usually show it within 5 to 7 working days.`,
          ],
          action: buyerPage,
        },
      };
    }
  }
}

function orderLines(order: OrderRecord, context: OrderMailContext): MailLine[] {
  return order.lines.map((line, at) => ({
    name: line.name,
    details: choicesNamed(line).join(' · '),
    quantity: line.quantity,
    amount: rupeesShown(lineValueOf(line)),
    photoUrl: context.photoPaths[at] ? `${context.origin}${context.photoPaths[at]}` : null,
  }));
}

function amountsOf(order: OrderRecord): MailView['amounts'] {
  const discount = order.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  return [
    { label: 'Items', amount: rupeesShown(goodsOf(order)) },
    ...(discount > 0 ? [{ label: 'Discounts', amount: `−${rupeesShown(discount)}` }] : []),
    {
      label: 'Shipping',
      amount: order.shippingCharge > 0 ? rupeesShown(order.shippingCharge) : 'Free',
    },
    ...(order.payment.fee > 0
      ? [{ label: 'Cash on delivery fee', amount: rupeesShown(order.payment.fee) }]
      : []),
    {
      label: order.tax ? 'Total (inclusive of GST)' : 'Total',
      amount: rupeesShown(order.total),
    },
  ];
}

function deliveryLines(order: OrderRecord): string[] {
  const to = order.deliveryAddress;
  if (!to) return [order.address];
  return [to.name, addressOnOneLine(to), `Mobile ${to.mobile}`];
}

const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 26 November 2026, in the shop's time. */
const dayOf = (at: Date): string => DAY.format(at);
