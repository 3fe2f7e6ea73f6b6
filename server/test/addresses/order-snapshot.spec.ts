import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES } from '../../src/shared/rules';
import {
  APPROVED_CARD,
  Account,
  checkout,
  expectError,
  newProduct,
  newShopper,
  stockOf,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { DeliverySettingsService } from '../../src/delivery';
import { deliveryEstimate } from '../../src/delivery/estimate';
import {
  AddressView,
  bengaluru,
  DELETE_ADDRESS,
  gqlAdd,
  mumbai,
  UPDATE_ADDRESS,
} from './operations';

const DELIVERY_FIELDS = 'name mobile line1 line2 landmark city stateCode state pin';
const ORDER = `id number address deliveryAddress { ${DELIVERY_FIELDS} } payment { success }`;
const PLACE = `mutation ($input: CheckoutInput!) { placeOrder(input: $input) { ${ORDER} } }`;
const MY_ORDERS = `{ myOrders { ${ORDER} } }`;
const ONE_ORDER = `query ($number: String!) { order(number: $number) { ${ORDER} } }`;

interface DeliveryView {
  name: string;
  mobile: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  stateCode: string;
  state: string;
  pin: string;
}
interface OrderView {
  id: string;
  number: string;
  address: string;
  deliveryAddress: DeliveryView | null;
  payment: { success: boolean };
}

/** An address of the book as an order copies it: everything but its id and default mark. */
const copied = ({ id: _id, isDefault: _default, ...fields }: AddressView): DeliveryView => fields;

const BENGALURU_LINE = '12 MG Road, Shanthala Nagar, Near Cubbon Park, Bengaluru, Karnataka 560001';

describe('the order keeps a copy of the address chosen at checkout', () => {
  const shop = useTestShop({ seed: true });

  async function buyerWithAddress(): Promise<{ asha: Account; home: AddressView }> {
    const asha = await newShopper(shop);
    return { asha, home: await gqlAdd(shop, asha, bengaluru()) };
  }
  const stocked = async () => (await newProduct(shop, shop.admin, { quantity: 20 }))._id;
  const lines = (productId: string) => [{ productId, quantity: 1 }];

  async function placeWith(asha: Account, addressId: string | null): Promise<OrderView> {
    const input = { lines: lines(await stocked()), card: APPROVED_CARD, addressId };
    return (await gqlOk<{ placeOrder: OrderView }>(shop, PLACE, { input }, asha)).placeOrder;
  }

  it('GraphQL: copies the address and mobile, and writes it on one line as the order’s address', async () => {
    const { asha, home } = await buyerWithAddress();
    const order = await placeWith(asha, home.id);
    expect(order.payment.success).toBe(true);
    expect(order.deliveryAddress).toEqual(copied(home));
    expect(order.deliveryAddress!.mobile).toBe('9845012345');
    expect(order.address).toBe(BENGALURU_LINE);
  });

  it('REST: takes addressId too, and answers the copy beside the address', async () => {
    const { asha, home } = await buyerWithAddress();
    const response = await checkout(shop, asha, lines(await stocked()), {
      addressId: home.id,
    }).expect(201);
    expect(response.body.order.deliveryAddress).toEqual(copied(home));
    expect(response.body.order.address).toBe(BENGALURU_LINE);
  });

  it('is left as it was when the address is written over, made not the default, or deleted', async () => {
    const { asha, home } = await buyerWithAddress();
    const placed = await placeWith(asha, home.id);
    const other = await gqlAdd(shop, asha, mumbai({ makeDefault: true }));
    await gqlOk(
      shop,
      UPDATE_ADDRESS,
      { id: home.id, input: mumbai({ name: 'Someone Else', line1: '1 New Road' }) },
      asha,
    );
    const asPlaced = async () => {
      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(shop, MY_ORDERS, {}, asha);
      const { order } = await gqlOk<{ order: OrderView }>(
        shop,
        ONE_ORDER,
        { number: placed.number },
        shop.admin,
      );
      const rest = await shop.http().get('/api/v1/auth/orders').set(asha.auth).expect(200);
      expect(myOrders).toEqual([placed]);
      expect(order).toEqual(placed);
      expect(rest.body[0]).toMatchObject({
        _id: placed.id,
        address: BENGALURU_LINE,
        deliveryAddress: placed.deliveryAddress,
      });
    };
    await asPlaced();
    await gqlOk(shop, DELETE_ADDRESS, { id: home.id }, asha);
    await gqlOk(shop, DELETE_ADDRESS, { id: other.id }, asha);
    await asPlaced();
  });

  it('is none for a checkout without addressId, which delivers to the account’s address as before', async () => {
    const asha = await newShopper(shop, { address: '7 Park Street, Kolkata 700016' });
    const order = await placeWith(asha, null);
    expect(order).toMatchObject({
      address: '7 Park Street, Kolkata 700016',
      deliveryAddress: null,
    });
    const rest = await checkout(shop, asha, lines(await stocked()), {
      address: '8 Park Street, Kolkata 700016',
    }).expect(201);
    expect(rest.body.order).toMatchObject({
      address: '8 Park Street, Kolkata 700016',
      deliveryAddress: null,
    });
  });

  it('refuses an address not in the buyer’s book on both APIs, placing nothing and taking no stock', async () => {
    const { home: theirs } = await buyerWithAddress();
    const { asha } = await buyerWithAddress();
    const product = await stocked();
    const message = `addressId: ${ADDRESS_RULES.notFound}`;
    const before = await shop.counts();
    for (const addressId of [theirs.id, 'not-an-id']) {
      expectError(await checkout(shop, asha, lines(product), { addressId }), 400, message);
      const answer = await gql(
        shop,
        PLACE,
        { input: { lines: lines(product), card: APPROVED_CARD, addressId } },
        asha,
      );
      expect(expectRefused(answer, 'BAD_USER_INPUT', 'placeOrder').message).toBe(message);
    }
    expect(await shop.counts()).toEqual(before);
    expect(await stockOf(shop, product)).toBe(20);
  });

  it('expects delivery as the delivery settings reckon it from when the order was placed', async () => {
    const { asha, home } = await buyerWithAddress();
    const placed = await placeWith(asha, home.id);
    const EXPECTED = `query ($number: String!) {
      order(number: $number) { createdAt expectedDelivery { earliest latest } }
    }`;
    const { order } = await gqlOk<{
      order: { createdAt: string; expectedDelivery: { earliest: string; latest: string } };
    }>(shop, EXPECTED, { number: placed.number }, asha);
    const settings = await shop.app.get(DeliverySettingsService).read();
    // 302001 (Jaipur, the dispatch PIN) is not a metro: Bengaluru is the rest of India.
    const rest = settings.zones.find((one) => one.zone === 'REST_OF_INDIA')!;
    const { earliest, latest } = deliveryEstimate(new Date(order.createdAt).getTime(), {
      cutOffHour: settings.cutOffHour,
      holidays: settings.holidays,
      minDays: rest.minDays,
      maxDays: rest.maxDays,
    });
    expect(order.expectedDelivery).toEqual({ earliest, latest });

    // An order with a text address has no PIN to reckon from.
    const withText = await placeWith(asha, null);
    const none = await gqlOk<{ order: { expectedDelivery: null } }>(
      shop,
      EXPECTED,
      { number: withText.number },
      asha,
    );
    expect(none.order.expectedDelivery).toBeNull();
  });

  it('the orders CSV gives the name, mobile, address, city, state and PIN delivered to', async () => {
    const { asha, home } = await buyerWithAddress();
    const withCopy = await placeWith(asha, home.id);
    const withText = await placeWith(asha, null);
    const response = await shop
      .http()
      .get(`/api/v1/order/export.csv?buyer=${encodeURIComponent(asha.email)}`)
      .set(shop.admin.auth)
      .buffer(true)
      .expect(200);
    const [header, ...rows]: string[][] = parse(response.text, { bom: true });
    const delivery = (row: string[]) =>
      row.slice(header.indexOf('name'), header.indexOf('pin') + 1);
    expect(header.slice(-8, -2)).toEqual(['name', 'mobile', 'address', 'city', 'state', 'pin']);
    const byId = new Map(rows.map((row) => [row[header.indexOf('order')], row]));
    expect(delivery(byId.get(withCopy.id)!)).toEqual([
      'Asha Verma',
      '9845012345',
      '12 MG Road, Shanthala Nagar, Near Cubbon Park',
      'Bengaluru',
      'Karnataka',
      '560001',
    ]);
    // The account's text address reads as the default of its book: Bengaluru, on one line.
    expect(delivery(byId.get(withText.id)!)).toEqual([
      'Asha Verma',
      '9845012345',
      BENGALURU_LINE,
      '',
      '',
      '',
    ]);
  });
});
