import type { MailLine, MailView } from '../notifications';
import { rupeesShown } from '../common/money';
import { addressOnOneLine, type Language, orderNumberText, SHOP_TIME_ZONE } from '../shared/rules';
import { ORDER_MAIL_WORDS, type OrderMailWords } from './order-mail-words';
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
  /** The storefront language the buyer's account keeps: their messages are in it. */
  buyerLanguage: Language;
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

/** The message of `notice` for `order`: its subject and what it says, in its reader's language. */
export function orderMailOf(
  order: OrderRecord,
  notice: OrderNotice,
  context: OrderMailContext,
): OrderMail {
  const language = notice.to === 'buyer' ? context.buyerLanguage : 'en';
  const words = ORDER_MAIL_WORDS[language];
  const number = orderNumberText(order.number!);
  const total = rupeesShown(order.total);
  const link = (path: string) => `${context.origin}${path}`;
  const buyerPage = { label: words.viewOrder, url: link(`/dashboard/user/orders/${number}`) };
  const base = {
    language,
    shopName: context.shopName,
    footer: words.footer(context.shopName, number, dayOf(order.createdAt, words.locale)),
  };
  const goods = {
    lines: orderLines(order, context),
    amounts: amountsOf(order, words),
    address: { heading: words.deliveringTo, lines: deliveryLines(order, words) },
  };
  const first = context.buyerName.split(' ')[0] || null;
  const method = words.methods[paymentMethodName(order.payment.method)];
  switch (notice.event) {
    case ORDER_MAIL_EVENTS.PLACED: {
      const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
      const said = words.placed;
      return {
        subject: said.subject(number),
        view: {
          ...base,
          ...goods,
          preview: said.preview(total),
          heading: said.heading(first, number),
          paragraphs: [cash ? said.payInCash(total) : said.paid(total, method), said.next],
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
    case ORDER_MAIL_EVENTS.PAYMENT_FAILED: {
      const said = words.paymentFailed;
      return {
        subject: said.subject(number),
        view: {
          ...base,
          ...goods,
          preview: said.preview,
          heading: said.heading(total),
          // The gateway's own words, as it gave them.
          paragraphs: [order.payment.message ?? said.declined, said.kept],
          action: { label: said.payAgain, url: buyerPage.url },
        },
      };
    }
    case ORDER_MAIL_EVENTS.SHIPPED: {
      const shipment = order.shipment;
      const said = words.shipped;
      return {
        subject: said.subject(number),
        view: {
          ...base,
          ...goods,
          preview: shipment
            ? said.previewWith(shipment.courier, shipment.trackingNumber)
            : said.preview,
          heading: said.heading(number),
          paragraphs: [
            shipment ? said.withCourier(shipment.courier, shipment.trackingNumber) : said.left,
          ],
          action: context.trackingUrl ? { label: said.track, url: context.trackingUrl } : buyerPage,
        },
      };
    }
    case ORDER_MAIL_EVENTS.DELIVERED: {
      const said = words.delivered;
      return {
        subject: said.subject(number),
        view: {
          ...base,
          preview: said.preview,
          heading: said.heading(number),
          paragraphs: [said.body],
          action: buyerPage,
          lines: goods.lines,
        },
      };
    }
    case ORDER_MAIL_EVENTS.CANCELLED: {
      const paid =
        order.payment.success && order.payment.method !== PAYMENT_METHOD.CASH_ON_DELIVERY;
      const said = words.cancelled;
      return {
        subject: said.subject(number),
        view: {
          ...base,
          preview: paid ? said.previewPaid : said.previewUnpaid,
          heading: said.heading(number),
          paragraphs: [paid ? said.refunding(method) : said.nothingOwed],
          action: buyerPage,
          lines: goods.lines,
        },
      };
    }
    case ORDER_MAIL_EVENTS.REFUNDED: {
      const amount = rupeesShown(notice.refund!.amount);
      const said = words.refunded;
      return {
        subject: said.subject(amount, number),
        view: {
          ...base,
          preview: said.preview(amount),
          heading: said.heading(amount),
          paragraphs: [said.body(amount, number, method)],
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

function amountsOf(order: OrderRecord, { amounts: said }: OrderMailWords): MailView['amounts'] {
  const discount = order.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  return [
    { label: said.items, amount: rupeesShown(goodsOf(order)) },
    ...(discount > 0 ? [{ label: said.discounts, amount: `−${rupeesShown(discount)}` }] : []),
    {
      label: said.shipping,
      amount: order.shippingCharge > 0 ? rupeesShown(order.shippingCharge) : said.free,
    },
    ...(order.payment.fee > 0
      ? [{ label: said.cashFee, amount: rupeesShown(order.payment.fee) }]
      : []),
    {
      label: order.tax ? said.totalWithGst : said.total,
      amount: rupeesShown(order.total),
    },
  ];
}

function deliveryLines(order: OrderRecord, words: OrderMailWords): string[] {
  const to = order.deliveryAddress;
  if (!to) return [order.address];
  return [to.name, addressOnOneLine(to), words.mobile(to.mobile)];
}

const DAYS = new Map<string, Intl.DateTimeFormat>();

/** 26 November 2026 (26 नवंबर 2026 in `hi-IN`), in the shop's time. */
function dayOf(at: Date, locale: string): string {
  let format = DAYS.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: SHOP_TIME_ZONE,
    });
    DAYS.set(locale, format);
  }
  return format.format(at);
}
