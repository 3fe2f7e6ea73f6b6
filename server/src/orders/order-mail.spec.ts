import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { noticesDue, ORDER_MAIL_EVENTS, orderMailOf } from './order-mail';
import type { OrderMailContext } from './order-mail';
import { ORDER_STATUS, OrderRecord, PAYMENT_STATE } from './order.schema';

/** A settled order paid by UPI, as stored; each test changes what it is about. */
function order(changes: Partial<OrderRecord> = {}, payment: Partial<OrderRecord['payment']> = {}) {
  return {
    _id: new Types.ObjectId(),
    number: 123,
    settled: true,
    status: ORDER_STATUS.NOT_PROCESSED,
    history: [],
    lines: [
      {
        product: new Types.ObjectId(),
        variant: null,
        name: 'Kurta',
        sku: 'K-M',
        choices: [{ name: 'Size', value: 'M' }],
        photoHash: null,
        price: 99_900,
        quantity: 2,
        discount: 10_000,
      },
    ],
    total: 194_800,
    shippingCharge: 5_000,
    address: '12 MG Road, Bengaluru',
    deliveryAddress: null,
    shipment: null,
    createdAt: new Date('2026-11-26T06:30:00Z'),
    payment: {
      success: true,
      method: 'upi',
      state: PAYMENT_STATE.PAID,
      fee: 0,
      refunds: [],
      message: null,
      ...payment,
    },
    ...changes,
  } as unknown as OrderRecord;
}

const moved = (...to: OrderRecord['status'][]) =>
  to.map((status) => ({
    from: ORDER_STATUS.NOT_PROCESSED,
    to: status,
    by: new Types.ObjectId(),
    byName: 'Admin',
    at: new Date(),
  }));

const events = (record: OrderRecord) => noticesDue(record).map((due) => `${due.to}:${due.notice}`);

describe('noticesDue', () => {
  it('owes the buyer a confirmation and the shop a new order once paid, or placed for cash', () => {
    expect(events(order())).toEqual(['buyer:order-placed', 'shop:new-order']);
    const cash = order({}, { success: false, method: 'cod', state: PAYMENT_STATE.DUE_ON_DELIVERY });
    expect(events(cash)).toEqual(['buyer:order-placed', 'shop:new-order']);
  });

  it('owes nothing while unsettled or waiting for UPI, and a failure notice when declined', () => {
    expect(events(order({ settled: false }))).toEqual([]);
    expect(events(order({}, { success: false, state: PAYMENT_STATE.PENDING }))).toEqual([]);
    expect(events(order({}, { success: false, state: PAYMENT_STATE.FAILED }))).toEqual([
      'buyer:payment-failed',
    ]);
  });

  it('owes each step the order took, and each refund once processed, by its receipt', () => {
    const shipped = order({ history: moved(ORDER_STATUS.SHIPPED, ORDER_STATUS.DELIVERED) });
    expect(events(shipped)).toEqual([
      'buyer:order-placed',
      'shop:new-order',
      'buyer:order-shipped',
      'buyer:order-delivered',
    ]);
    const refund = (receipt: string, state: 'pending' | 'processed') => ({
      receipt,
      state,
      amount: 194_800,
      id: null,
      reference: null,
      at: new Date(),
    });
    const cancelled = order(
      { status: ORDER_STATUS.CANCELLED, history: moved(ORDER_STATUS.CANCELLED) },
      { refunds: [refund('refund-a', 'processed'), refund('refund-b', 'pending')] },
    );
    expect(events(cancelled)).toEqual([
      'buyer:order-placed',
      'shop:new-order',
      'buyer:order-cancelled',
      'buyer:refund-processed:refund-a',
    ]);
  });
});

describe('orderMailOf', () => {
  const context: OrderMailContext = {
    shopName: 'Bazaar',
    buyerName: 'Asha Verma',
    buyerLanguage: 'en',
    origin: 'https://shop.example.in',
    photoPaths: ['/photos/abc-160.jpg'],
    trackingUrl: 'https://www.delhivery.com/track/package/AWB12345678',
  };
  const notice = (event: (typeof ORDER_MAIL_EVENTS)[keyof typeof ORDER_MAIL_EVENTS]) =>
    noticesDue(order({ history: moved(ORDER_STATUS.SHIPPED) })).find((due) => due.event === event)!;

  it('names the order by its number, its money in rupees, and links to its page', () => {
    const { subject, view } = orderMailOf(order(), notice(ORDER_MAIL_EVENTS.PLACED), context);
    expect(subject).toBe('Order BZ-000123 confirmed');
    expect(view.heading).toBe('Thank you, Asha: order BZ-000123 is confirmed');
    expect(view.paragraphs[0]).toBe('We have received your payment of ₹1,948.00 by UPI.');
    expect(view.action?.url).toBe('https://shop.example.in/dashboard/user/orders/BZ-000123');
    expect(view.lines).toEqual([
      {
        name: 'Kurta',
        details: 'Size M',
        quantity: 2,
        amount: '₹1,898.00',
        photoUrl: 'https://shop.example.in/photos/abc-160.jpg',
      },
    ]);
    expect(view.amounts).toEqual([
      { label: 'Items', amount: '₹1,998.00' },
      { label: 'Discounts', amount: '−₹100.00' },
      { label: 'Shipping', amount: '₹50.00' },
      { label: 'Total', amount: '₹1,948.00' },
    ]);
    expect(view.footer).toContain('placed on 26 November 2026');
  });

  it("sends the shop to the admin's page of the order", () => {
    const { subject, view } = orderMailOf(order(), notice(ORDER_MAIL_EVENTS.NEW_ORDER), context);
    expect(subject).toBe('New order BZ-000123: ₹1,948.00 from Asha Verma');
    expect(view.action?.url).toBe('https://shop.example.in/dashboard/admin/orders/BZ-000123');
  });

  it("writes the buyer's messages in the language their account keeps, the shop's in English", () => {
    const inHindi = { ...context, buyerLanguage: 'hi' as const };
    const placed = orderMailOf(order(), notice(ORDER_MAIL_EVENTS.PLACED), inHindi);
    expect(placed.subject).toBe('ऑर्डर BZ-000123 पक्का हो गया');
    expect(placed.view.language).toBe('hi');
    expect(placed.view.heading).toBe('धन्यवाद Asha, ऑर्डर BZ-000123 पक्का हो गया');
    expect(placed.view.paragraphs[0]).toBe('UPI से आपका ₹1,948.00 का पेमेंट हमें मिल गया है।');
    expect(placed.view.action?.label).toBe('अपना ऑर्डर देखें');
    expect(placed.view.amounts?.map(({ label }) => label)).toEqual(['आइटम', 'छूट', 'शिपिंग', 'कुल']);
    expect(placed.view.address?.heading).toBe('डिलीवरी का पता');
    expect(placed.view.footer).toContain('26 नवंबर 2026');
    // Nothing of it is left in English but the names, numbers and the method's own name.
    expect(JSON.stringify(placed.view)).not.toMatch(/\b(Order|Thank|View|Items|Total|Mobile)\b/);

    const shop = orderMailOf(order(), notice(ORDER_MAIL_EVENTS.NEW_ORDER), inHindi);
    expect(shop.subject).toBe('New order BZ-000123: ₹1,948.00 from Asha Verma');
    expect(shop.view.language).toBe('en');
    expect(shop.view.amounts?.[0].label).toBe('Items');
  });

  it('links a shipped order to its tracking page', () => {
    const shipped = order({
      history: moved(ORDER_STATUS.SHIPPED),
      shipment: { courier: 'Delhivery', trackingNumber: 'AWB12345678', shippedAt: new Date() },
    });
    const { subject, view } = orderMailOf(shipped, notice(ORDER_MAIL_EVENTS.SHIPPED), context);
    expect(subject).toBe('Order BZ-000123 has shipped');
    expect(view.paragraphs[0]).toBe('It is with Delhivery, tracking number (AWB) AWB12345678.');
    expect(view.action).toEqual({ label: 'Track your parcel', url: context.trackingUrl });
  });
});
