import { Injectable, Logger } from '@nestjs/common';
import { documentNumber, TaxDocuments } from '../invoices';
import type { IssueRequest, TaxDocument, TaxDocumentRecord, TaxLine } from '../invoices';
import { orderNumberText } from '../shared/rules';
import { SHIPPING_SAC } from '../shared/tax-rules';
import {
  missingTaxSettings,
  shopStateOf,
  splitTax,
  sumOfSplits,
  taxIn,
  TaxSettingsService,
} from '../tax';
import type { Supply, TaxSettings } from '../tax';
import { UsersService } from '../users';
import { lineValueOf, unitsValueOf } from './order-refunds';
import {
  choicesNamed,
  OrderRecord,
  ORDER_STATUS,
  PAYMENT_METHOD,
  RETURN_STATE,
} from './order.schema';

/** A part of an order a credit note gives back: units of a line, or the shipping. */
interface Credited {
  line: number | 'shipping';
  quantity: number;
  value: number;
}

/**
 * The tax invoice and credit notes an order owes, issued as it moves (OrderFollowUp calls this
 * after every change, and recovery again): its invoice once paid, or, paid in cash, once sent;
 * then a credit note for each refund after it (units cancelled, goods returned and received,
 * the order cancelled), each once, by its receipt. Orders placed while the shop charged no tax
 * owe none.
 */
@Injectable()
export class OrderInvoicing {
  private readonly logger = new Logger('OrderInvoicing');

  constructor(
    private readonly documents: TaxDocuments,
    private readonly settings: TaxSettingsService,
    private readonly users: UsersService,
  ) {}

  /** False when an issue is under way elsewhere and must be tried again (by recovery). */
  async follow(order: OrderRecord): Promise<boolean> {
    if (!order.tax || order.number === undefined || !invoiceDue(order)) return true;
    const settings = await this.settings.read();
    if (missingTaxSettings(settings).length > 0 || !settings.registered) {
      this.logger.warn(
        `Order ${orderNumberText(order.number)}: tax settings incomplete, no invoice`,
      );
      return true;
    }
    // Billed to the name on the saved address chosen, else to the account's.
    const billedTo =
      order.deliveryAddress?.name ?? (await this.users.findById(order.buyer))?.name ?? '';
    const invoice = await this.documents.issue(
      this.invoiceRequest(order, settings, billedTo),
      new Date(),
    );
    if (!invoice) return false;
    let done = true;
    for (const [key, parts] of creditsOf(order, invoice)) {
      const note = await this.documents.issue(
        this.creditRequest(order, settings, billedTo, invoice, key, parts),
        new Date(),
      );
      done &&= note !== null;
    }
    return done;
  }

  private invoiceRequest(order: OrderRecord, settings: TaxSettings, billedTo: string) {
    return this.request(order, settings, billedTo, `invoice:${order._id}`, 'invoice', null, () =>
      invoicedParts(order),
    );
  }

  private creditRequest(
    order: OrderRecord,
    settings: TaxSettings,
    billedTo: string,
    invoice: TaxDocumentRecord,
    key: string,
    parts: Credited[],
  ): IssueRequest {
    const refersTo = {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      total: invoice.totals.total,
    };
    return this.request(order, settings, billedTo, key, 'credit-note', refersTo, () => parts);
  }

  private request(
    order: OrderRecord,
    settings: TaxSettings,
    billedTo: string,
    key: string,
    kind: IssueRequest['kind'],
    refersTo: TaxDocument['refersTo'],
    partsOf: () => Credited[],
  ): IssueRequest {
    const tax = order.tax!;
    return {
      key,
      kind,
      buyer: order.buyer,
      orderId: String(order._id),
      numberOf: (year, serial) => documentNumber(settings.invoicePrefix, kind, year, serial),
      build: () => {
        const lines = partsOf().map((part) => taxLineOf(order, part, tax.supply));
        const totals = sumOfSplits(lines);
        return {
          kind,
          orderId: String(order._id),
          orderNumber: orderNumberText(order.number!),
          orderedAt: order.createdAt,
          refersTo,
          supplier: {
            name: settings.legalName,
            address: settings.address.split('\n'),
            state: { code: settings.stateCode, name: shopStateOf(settings)?.name ?? '' },
            gstin: settings.gstin,
          },
          recipient: {
            name: billedTo,
            address: recipientAddress(order),
            state: tax.placeOfSupply,
            gstin: order.buyerGstin ?? null,
          },
          placeOfSupply: tax.placeOfSupply,
          reverseCharge: false,
          lines,
          totals: { ...totals, total: totals.taxable + taxIn(totals) },
        };
      },
    };
  }
}

/** Paid through the gateway, or, in cash, sent: a sale made, never one cancelled before. */
function invoiceDue(order: OrderRecord): boolean {
  const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
  if (!cash) return order.payment.success;
  const sent: string[] = [ORDER_STATUS.SHIPPED, ORDER_STATUS.DELIVERED];
  return sent.includes(order.status);
}

/**
 * What the invoice bills: each line's units less those the shop cancelled before it was issued
 * (a cash order's, cancelled before sending), and the shipping with any fee for paying in cash.
 * Cancels once invoiced are credit notes instead; the invoice is issued before any are made for
 * an order paid ahead, since paying issues it.
 */
function invoicedParts(order: OrderRecord): Credited[] {
  const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
  const parts: Credited[] = order.lines.map((line, at) => {
    const cancelled = cash ? (line.cancelled ?? 0) : 0;
    return {
      line: at,
      quantity: line.quantity - cancelled,
      value: lineValueOf(line) - unitsValueOf(line, 0, cancelled),
    };
  });
  const shipping = order.shippingCharge + order.payment.fee;
  if (order.tax?.shipping && shipping > 0)
    parts.push({ line: 'shipping', quantity: 1, value: shipping });
  return parts.filter((part) => part.quantity > 0);
}

/**
 * The credit notes an order owes once invoiced, by receipt: each cancel of units after its
 * invoice (a paid order's), each return received, and the cancellation of the rest; each part
 * worth what the refund gave back for it.
 */
function creditsOf(order: OrderRecord, invoice: TaxDocumentRecord): [string, Credited[]][] {
  const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
  const taken = order.lines.map((line) => (cash ? (line.cancelled ?? 0) : 0));
  const notes: [string, Credited[]][] = [];
  const give = (line: number, quantity: number): Credited => {
    const value = unitsValueOf(order.lines[line], taken[line], quantity);
    taken[line] += quantity;
    return { line, quantity, value };
  };
  if (!cash) {
    for (const cancel of order.lineCancels ?? []) {
      notes.push([`credit:${cancel.receipt}`, [give(cancel.line, cancel.quantity)]]);
    }
  }
  for (const given of order.returns ?? []) {
    if (given.state !== RETURN_STATE.RECEIVED) continue;
    notes.push([`credit:${given.receipt}`, given.lines.map((one) => give(one.line, one.quantity))]);
  }
  if (order.status === ORDER_STATUS.CANCELLED && !cash) {
    const rest = order.lines
      .map((line, at) => give(at, line.quantity - taken[at]))
      .filter((part) => part.quantity > 0);
    const shipping = invoice.lines.find((line) => line.hsn === SHIPPING_SAC);
    if (shipping) rest.push({ line: 'shipping', quantity: 1, value: shipping.total });
    if (rest.length > 0) notes.push([`credit:cancel:${order._id}`, rest]);
  }
  return notes;
}

function taxLineOf(order: OrderRecord, part: Credited, supply: Supply): TaxLine {
  const tax = order.tax!;
  if (part.line === 'shipping') {
    const rate = tax.shipping?.rate ?? 0;
    const fee = order.payment.fee > 0 ? ' and cash on delivery fee' : '';
    return {
      hsn: SHIPPING_SAC,
      description: `Shipping${fee}`,
      quantity: 1,
      unit: 'OTH',
      rate,
      ...splitTax(part.value, rate, supply),
      total: part.value,
    };
  }
  const line = order.lines[part.line];
  const rate = line.tax?.rate ?? 0;
  return {
    hsn: line.tax?.hsn ?? '',
    description: [line.name, ...choicesNamed(line)].join(', '),
    quantity: part.quantity,
    unit: 'NOS',
    rate,
    ...splitTax(part.value, rate, supply),
    total: part.value,
  };
}

function recipientAddress(order: OrderRecord): string[] {
  const to = order.deliveryAddress;
  if (!to) return [order.address];
  return [
    [to.line1, to.line2].filter(Boolean).join(', '),
    ...(to.landmark ? [to.landmark] : []),
    `${to.city}, ${to.state} ${to.pin}`,
    `Mobile ${to.mobile}`,
  ];
}
