import {
  count,
  id,
  listOf,
  nullable,
  rupees,
  shapeOf,
  text,
  time,
} from '../../common/rest-v1/answers';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATES, RETURN_STATES } from '../order.schema';

/** REST v1 compatibility layer: orders as the REST answers carry them (see common/rest-v1/answers.ts). */
const status: SchemaObject = { type: 'string', enum: [...ORDER_STATUSES] };
const amounts = { taxable: rupees, cgst: rupees, sgst: rupees, utgst: rupees, igst: rupees };
const TAX_AMOUNTS = shapeOf(amounts);
const LINE_TAX = shapeOf({
  ...amounts,
  hsn: nullable(text),
  rate: { type: 'number', minimum: 0, maximum: 40 },
});

export const ORDER = shapeOf(
  {
    _id: id,
    number: nullable(text),
    lines: listOf(
      shapeOf({
        product: id,
        name: text,
        price: rupees,
        quantity: count,
        cancelled: count,
        discount: rupees,
        tax: nullable(LINE_TAX),
      }),
    ),
    buyer: nullable(shapeOf({ _id: id, name: text })),
    payment: shapeOf(
      {
        success: { type: 'boolean' },
        provider: text,
        reference: nullable(text),
        message: nullable(text),
        refunded: { type: 'boolean' },
        method: { type: 'string', enum: [...PAYMENT_METHODS] },
        state: { type: 'string', enum: [...PAYMENT_STATES] },
        expiresAt: nullable(time),
        attempts: count,
        fee: rupees,
        payerAction: nullable(shapeOf({ action: text, url: text })),
        refunds: listOf(
          shapeOf({
            receipt: text,
            id: nullable(text),
            reference: nullable(text),
            amount: rupees,
            state: text,
            at: time,
          }),
        ),
      },
      ['provider', 'reference', 'message', 'refunded', 'method', 'state'],
    ),
    total: rupees,
    shippingCharge: rupees,
    goods: rupees,
    discount: rupees,
    discounts: listOf(
      shapeOf({ kind: { type: 'string', enum: ['coupon', 'offer'] }, name: text, amount: rupees }),
    ),
    coupon: nullable(text),
    buyerGstin: nullable(text),
    tax: nullable(
      shapeOf({
        placeOfSupply: shapeOf({ code: text, name: text }),
        supply: { type: 'string', enum: ['intra-state', 'intra-territory', 'inter-state'] },
        shipping: nullable(LINE_TAX),
        totals: TAX_AMOUNTS,
        amount: rupees,
      }),
    ),
    address: text,
    deliveryAddress: nullable(
      shapeOf({
        name: text,
        mobile: text,
        line1: text,
        line2: text,
        landmark: text,
        city: text,
        stateCode: text,
        state: text,
        pin: text,
      }),
    ),
    status,
    history: listOf(shapeOf({ from: status, to: status, by: id, byName: text, at: time })),
    products: listOf(shapeOf({ _id: id, name: text }, [])),
    shipment: nullable(
      shapeOf({
        courier: text,
        trackingNumber: text,
        shippedAt: time,
        trackingUrl: nullable(text),
      }),
    ),
    lineCancels: listOf(
      shapeOf({ line: count, quantity: count, amount: rupees, byName: text, at: time }),
    ),
    returns: listOf(
      shapeOf({
        number: count,
        lines: listOf(shapeOf({ line: count, quantity: count })),
        reason: text,
        state: { type: 'string', enum: [...RETURN_STATES] },
        amount: rupees,
        note: nullable(text),
        requestedAt: time,
        decidedAt: nullable(time),
        decidedBy: nullable(text),
        receivedAt: nullable(time),
        refundReference: nullable(text),
      }),
    ),
    amountDue: rupees,
    amountPaid: rupees,
    refundedAmount: rupees,
    createdAt: time,
    updatedAt: time,
  },
  [
    'buyer',
    'history',
    'products',
    'updatedAt',
    'shippingCharge',
    'deliveryAddress',
    'lineCancels',
    'returns',
    'amountDue',
    'amountPaid',
    'refundedAmount',
    'goods',
    'discount',
    'discounts',
    'coupon',
  ],
);
