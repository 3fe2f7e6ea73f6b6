import { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_COURIERS } from '../../src/orders/couriers';
import { SHIPMENT_RULES } from '../../src/shared/rules';
import { expectError, newProduct, OrderReply, placeOrder } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';

const SHIPMENT_FIELDS = 'shipment { courier trackingNumber shippedAt trackingUrl }';
const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!, $shipment: ShipmentInput) {
    setOrderStatus(orderId: $orderId, status: $status, shipment: $shipment) {
      id status ${SHIPMENT_FIELDS}
    }
  }
`;
const SET_SHIPMENT = `
  mutation ($orderId: ID!, $shipment: ShipmentInput!) {
    setOrderShipment(orderId: $orderId, shipment: $shipment) { id status ${SHIPMENT_FIELDS} }
  }
`;
const ORDER = `query ($number: String!) { order(number: $number) { id ${SHIPMENT_FIELDS} } }`;
const MY_ORDERS = `{ myOrders { id ${SHIPMENT_FIELDS} } }`;
const SET_COURIERS = `
  mutation ($couriers: [CourierInput!]!) { setCouriers(couriers: $couriers) { name trackingUrl } }
`;

interface Shipment {
  courier: string;
  trackingNumber: string;
  shippedAt: string;
  trackingUrl: string | null;
}
interface Shipped {
  id: string;
  status: string;
  shipment: Shipment | null;
}

const delhivery = PRESET_COURIERS.find((courier) => courier.name === 'Delhivery')!;
const AWB = 'DLV4421337XY';

/**
 * Marking an order Shipped with its courier and AWB (required on GraphQL, optional on REST's
 * first call), correcting them later, and the tracking link the buyer sees, made from the
 * courier's pattern as it is now.
 */
describe('shipping an order with a courier and AWB (REST and GraphQL)', () => {
  const shop = useTestShop({ seed: true });
  let productId: string;

  beforeAll(async () => {
    productId = (await newProduct(shop, shop.admin, { quantity: 500 }))._id;
  });
  afterEach(async () => {
    // Each test starts from the preset couriers.
    await gqlOk(shop, SET_COURIERS, { couriers: PRESET_COURIERS }, shop.admin);
  });

  const stored = async (id: string) =>
    (await shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) }))!;
  const restMove = (id: string, body: Record<string, unknown>, session: Session = shop.admin) =>
    shop.http().put(`/api/v1/auth/order-status/${id}`).set(session.auth).send(body);
  const gqlMove = (id: string, status: string, shipment?: unknown) =>
    gql<{ setOrderStatus: Shipped }>(
      shop,
      SET_STATUS,
      { orderId: id, status, shipment },
      shop.admin,
    );

  /** A paid order of the demo shopper, moved to Processing. */
  async function processing(): Promise<OrderReply> {
    const order = await placeOrder(shop, shop.shopper, productId);
    await restMove(order._id, { status: 'Processing' }).expect(200);
    return order;
  }

  it('GraphQL: ships with a courier and AWB, and the buyer sees them with the tracking link', async () => {
    const order = await processing();
    const { setOrderStatus } = (await gqlMove(order._id, 'SHIPPED', {
      courier: ' delhivery ',
      trackingNumber: ` ${AWB} `,
    }))!.data!;
    const link = delhivery.trackingUrl.replace('{awb}', AWB);
    expect(setOrderStatus).toMatchObject({
      status: 'SHIPPED',
      shipment: { courier: 'Delhivery', trackingNumber: AWB, trackingUrl: link },
    });
    const { history } = await stored(order._id);
    expect(setOrderStatus.shipment!.shippedAt).toBe(history.at(-1).at.toISOString());

    const mine = await gqlOk<{ order: Shipped }>(
      shop,
      ORDER,
      { number: order.number },
      shop.shopper,
    );
    expect(mine.order.shipment).toEqual(setOrderStatus.shipment);
    const listed = await gqlOk<{ myOrders: Shipped[] }>(shop, MY_ORDERS, {}, shop.shopper);
    expect(listed.myOrders.find((one) => one.id === order._id)?.shipment).toEqual(
      setOrderStatus.shipment,
    );
    const rest = await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
    expect(rest.body.find((one: OrderReply) => one._id === order._id).shipment).toEqual(
      setOrderStatus.shipment,
    );
  });

  it('GraphQL: refuses SHIPPED without the courier and AWB, naming the field, changing nothing', async () => {
    const order = await processing();
    const before = await stored(order._id);
    const cases: [unknown, string][] = [
      [undefined, SHIPMENT_RULES.courierRequired],
      [{ courier: '', trackingNumber: AWB }, SHIPMENT_RULES.courierRequired],
      [{ courier: 'Delhivery', trackingNumber: ' ' }, SHIPMENT_RULES.trackingNumberRequired],
      [{ courier: 'Delhivery', trackingNumber: 'AB12' }, SHIPMENT_RULES.trackingNumber.message],
      [
        { courier: 'Delhivery', trackingNumber: 'AB 123 456' },
        SHIPMENT_RULES.trackingNumber.message,
      ],
      [
        { courier: 'Delhivery', trackingNumber: 'A'.repeat(31) },
        SHIPMENT_RULES.trackingNumber.message,
      ],
      [
        { courier: 'Pigeon Post', trackingNumber: AWB },
        SHIPMENT_RULES.unknownCourier('Pigeon Post'),
      ],
    ];
    for (const [shipment, message] of cases) {
      const error = expectRefused(
        await gqlMove(order._id, 'SHIPPED', shipment),
        'BAD_USER_INPUT',
        'setOrderStatus',
      );
      expect(error.message).toBe(message);
      expect(error.message).toMatch(/^(courier|trackingNumber): /);
    }
    expect(await stored(order._id)).toEqual(before);
  });

  it('REST: ships without a courier as the first clients do, and checks them when given', async () => {
    const plain = await processing();
    const shipped = await restMove(plain._id, { status: 'Shipped' }).expect(200);
    expect(shipped.body).toMatchObject({ status: 'Shipped', shipment: null });

    const order = await processing();
    const before = await stored(order._id);
    const refusals: [Record<string, unknown>, string][] = [
      [{ courier: 'Delhivery' }, SHIPMENT_RULES.trackingNumberRequired],
      [{ trackingNumber: AWB }, SHIPMENT_RULES.courierRequired],
      [
        { courier: 'Delhivery', trackingNumber: 'AWB-12345' },
        SHIPMENT_RULES.trackingNumber.message,
      ],
      [
        { courier: 'Pigeon Post', trackingNumber: AWB },
        SHIPMENT_RULES.unknownCourier('Pigeon Post'),
      ],
    ];
    for (const [shipment, message] of refusals) {
      expectError(await restMove(order._id, { status: 'Shipped', ...shipment }), 400, message);
    }
    expectError(
      await restMove(order._id, { status: 'Shipped', trackingNumber: 42 }),
      400,
      /^trackingNumber/,
    );
    expect(await stored(order._id)).toEqual(before);

    const tracked = await restMove(order._id, {
      status: 'Shipped',
      courier: 'Blue Dart',
      trackingNumber: '69044511223',
    }).expect(200);
    expect(tracked.body.shipment).toEqual({
      courier: 'Blue Dart',
      trackingNumber: '69044511223',
      shippedAt: expect.any(String),
      trackingUrl: PRESET_COURIERS.find((one) => one.name === 'Blue Dart')!.trackingUrl.replace(
        '{awb}',
        '69044511223',
      ),
    });
  });

  it('refuses a courier with any other move, on both APIs', async () => {
    const order = await processing();
    const error = expectRefused(
      await gqlMove(order._id, 'CANCELLED', { courier: 'Delhivery', trackingNumber: AWB }),
      'BAD_USER_INPUT',
      'setOrderStatus',
    );
    expect(error.message).toBe(SHIPMENT_RULES.onlyWhenShipping);
    expectError(
      await restMove(order._id, { status: 'Cancelled', courier: 'Delhivery', trackingNumber: AWB }),
      400,
      SHIPMENT_RULES.onlyWhenShipping,
    );
    expect((await stored(order._id)).status).toBe('Processing');
  });

  it('a move the lifecycle forbids is refused as such, whatever shipment comes with it', async () => {
    const order = await placeOrder(shop, shop.shopper, productId);
    expectRefused(await gqlMove(order._id, 'SHIPPED'), 'CONFLICT', 'setOrderStatus');
  });

  it('the admin corrects the courier and AWB later, on both APIs; when it shipped stays', async () => {
    const order = await processing();
    const first = (
      await gqlMove(order._id, 'SHIPPED', { courier: 'DTDC', trackingNumber: 'D1234567' })
    ).data!.setOrderStatus.shipment!;
    const corrected = await gqlOk<{ setOrderShipment: Shipped }>(
      shop,
      SET_SHIPMENT,
      { orderId: order._id, shipment: { courier: 'Delhivery', trackingNumber: AWB } },
      shop.admin,
    );
    expect(corrected.setOrderShipment.shipment).toEqual({
      courier: 'Delhivery',
      trackingNumber: AWB,
      shippedAt: first.shippedAt,
      trackingUrl: delhivery.trackingUrl.replace('{awb}', AWB),
    });
    await restMove(order._id, { status: 'Delivered' }).expect(200);
    const rest = await shop
      .http()
      .put(`/api/v1/auth/order-shipment/${order._id}`)
      .set(shop.admin.auth)
      .send({ courier: 'Ekart', trackingNumber: 'FMPC0000123456' })
      .expect(200);
    expect(rest.body).toMatchObject({
      status: 'Delivered',
      shipment: { courier: 'Ekart', trackingNumber: 'FMPC0000123456', shippedAt: first.shippedAt },
    });
    expectError(
      await shop
        .http()
        .put(`/api/v1/auth/order-shipment/${order._id}`)
        .set(shop.admin.auth)
        .send({ courier: 'Ekart', trackingNumber: 'no' }),
      400,
      SHIPMENT_RULES.trackingNumber.message,
    );
  });

  it('gives an order shipped without tracking (REST) its courier and AWB afterwards', async () => {
    const order = await processing();
    await restMove(order._id, { status: 'Shipped' }).expect(200);
    const { history } = await stored(order._id);
    const { setOrderShipment } = await gqlOk<{ setOrderShipment: Shipped }>(
      shop,
      SET_SHIPMENT,
      { orderId: order._id, shipment: { courier: 'Xpressbees', trackingNumber: 'XB10000001' } },
      shop.admin,
    );
    expect(setOrderShipment.shipment).toMatchObject({
      courier: 'Xpressbees',
      shippedAt: history.at(-1).at.toISOString(),
    });
  });

  it('refuses a correction before the order ships (409), and to anyone but an admin', async () => {
    const order = await processing();
    const shipment = { courier: 'Delhivery', trackingNumber: AWB };
    const error = expectRefused(
      await gql(shop, SET_SHIPMENT, { orderId: order._id, shipment }, shop.admin),
      'CONFLICT',
      'setOrderShipment',
    );
    expect(error.message).toBe(SHIPMENT_RULES.notShipped);
    expectError(
      await shop
        .http()
        .put(`/api/v1/auth/order-shipment/${order._id}`)
        .set(shop.admin.auth)
        .send(shipment),
      409,
      SHIPMENT_RULES.notShipped,
    );
    await expectAdminOnly(shop, SET_SHIPMENT, { orderId: order._id, shipment }, 'setOrderShipment');
    for (const [session, status] of [
      [null, 401],
      [shop.shopper, 403],
    ] as const) {
      const request = shop.http().put(`/api/v1/auth/order-shipment/${order._id}`);
      if (session) request.set(session.auth);
      expectError(await request.send(shipment), status);
    }
  });

  it("builds the link from the courier's pattern as it is now, and none once the courier is gone", async () => {
    const order = await processing();
    await gqlMove(order._id, 'SHIPPED', { courier: 'Delhivery', trackingNumber: AWB });
    const moved = PRESET_COURIERS.map((courier) =>
      courier.name === 'Delhivery'
        ? { ...courier, trackingUrl: 'https://track.delhivery.example/p/{awb}?from=bazaar' }
        : courier,
    );
    await gqlOk(shop, SET_COURIERS, { couriers: moved }, shop.admin);
    const now = await gqlOk<{ order: Shipped }>(
      shop,
      ORDER,
      { number: order.number },
      shop.shopper,
    );
    expect(now.order.shipment?.trackingUrl).toBe(
      `https://track.delhivery.example/p/${AWB}?from=bazaar`,
    );

    const without = PRESET_COURIERS.filter((courier) => courier.name !== 'Delhivery');
    await gqlOk(shop, SET_COURIERS, { couriers: without }, shop.admin);
    const gone = await gqlOk<{ order: Shipped }>(
      shop,
      ORDER,
      { number: order.number },
      shop.shopper,
    );
    expect(gone.order.shipment).toMatchObject({
      courier: 'Delhivery',
      trackingNumber: AWB,
      trackingUrl: null,
    });
  });
});
