import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { createHash, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderProductImage } from '../../src/seed/product-image';
import { OrderIndex } from '../../src/orders/order-index';
import { Migrations, MIGRATIONS } from '../../src/migrations';
import { checkoutKeyOf, orderIdOf } from '../../src/orders/order.schema';
import { OrdersService } from '../../src/orders/orders.service';
import { demoChargeIdOf } from '../../src/payments/demo-charge.schema';
import { PAYMENT_PROVIDER, PaymentProvider } from '../../src/payments/payment-provider';
import { GatewayError, NO_ANSWER, PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import { PasswordHasher } from '../../src/users/password-hasher';
import { User } from '../../src/users/user.schema';
import { UNFINISHED_CLAIM_MS } from '../../src/users/users.service';
import { gqlOk } from '../support/gql';
import { countQueries, notByIdOnly, SentOperation } from '../support/query-count';
import { login, Session, useTestShop } from '../support/test-app';
import { APPROVED_CARD, expectError, expectOneOrderOf, stockedProduct } from '../support/fixtures';

/**
 * Login, registration, password reset, checkout and its retry, the card processor's
 * records, a buyer's orders and product photos find their documents by `_id` alone, the
 * one filter the embedded engine answers from an index (docs/decisions/003-natural-keys.md);
 * every operation on orders, writes included, is by `_id` too (005-order-index.md).
 */
describe('natural keys: the hot paths outside the catalogue', () => {
  const shop = useTestShop({ seed: true });
  afterEach(() => vi.restoreAllMocks());

  const collection = (name: string) => shop.connection.collection(name);
  const register = (email: string, password = 'tulsi-leaf-42') =>
    shop.http().post('/api/v1/auth/register').send({
      name: 'Asha Rao',
      email,
      password,
      phone: '+91 90000 11111',
      address: '7 Lake Road, Kolkata 700029',
      answer: 'cricket',
    });
  const checkout = (session: Session, productId: string, idempotencyKey: string) =>
    shop
      .http()
      .post('/api/v1/product/checkout')
      .set(session.auth)
      .send({ lines: [{ productId, quantity: 1 }], card: APPROVED_CARD, idempotencyKey });
  const isRead = (operation: SentOperation) => ['find', 'findOne'].includes(operation.method);
  const writesTo = (operations: SentOperation[], name: string) =>
    operations.filter((operation) => operation.collection === name && !isRead(operation));
  /** An order written behind the shop's back: the index re-reads it, as when another instance writes. */
  const insertOrder = async (order: { _id: Types.ObjectId }) => {
    await collection('orders').insertOne(order);
    await shop.app.get(OrderIndex).changed(String(order._id));
  };
  const emailOf = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.in`;

  describe('each look-up by a natural key is one by _id', () => {
    it('registration, its 409, login and forgot-password', async () => {
      const email = emailOf('keyed');
      const { operations } = await countQueries(async () => {
        await register(email).expect(201);
        await register(email.toUpperCase()).expect(409);
        await login(shop, email, 'tulsi-leaf-42');
        await shop
          .http()
          .post('/api/v1/auth/login')
          .send({ email: emailOf('nobody'), password: 'tulsi-leaf-42' })
          .expect(401);
        await shop
          .http()
          .post('/api/v1/auth/forgot-password')
          .send({ email, answer: 'Cricket', newPassword: 'secret456' })
          .expect(200);
      });
      expect(notByIdOnly(operations, ['users', 'user_emails'])).toEqual([]);
      expect(operations.filter((op) => op.collection === 'user_emails').length).toBeGreaterThan(3);
      await login(shop, email, 'secret456');
    });

    it('a checkout finds its charge by _id, and its retry finds the order by _id', async () => {
      const product = String((await stockedProduct(shop, 5))._id);
      const key = randomUUID();
      let first: { _id: string } | undefined;
      const placing = await countQueries(async () => {
        first = (await checkout(shop.shopper, product, key).expect(201)).body.order;
      });
      const expectedId = orderIdOf(checkoutKeyOf(new Types.ObjectId(shop.shopper.userId), key));
      expect(first!._id).toBe(String(expectedId));
      expect(
        notByIdOnly(placing.operations, ['orders', 'users', 'demo_card_charges', 'buyer_orders']),
      ).toEqual([]);
      // Written, settled and followed up: conditional writes, checked here and sent by `_id`.
      expect(writesTo(placing.operations, 'orders').length).toBeGreaterThanOrEqual(3);

      const retry = await countQueries(async () => {
        const again = await checkout(shop.shopper, product, key).expect(201);
        expect(again.body.order._id).toBe(first!._id);
      });
      expect(notByIdOnly(retry.operations, ['orders', 'users'])).toEqual([]);
      expect(retry.collections.filter((name) => name === 'orders')).toHaveLength(1);
    });

    it("a buyer's orders, on REST and GraphQL", async () => {
      const product = String((await stockedProduct(shop, 5))._id);
      await checkout(shop.shopper, product, randomUUID()).expect(201);
      const { operations } = await countQueries(async () => {
        await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
        await gqlOk(shop, '{ myOrders { id buyer { name } } }', {}, shop.shopper);
      });
      expect(notByIdOnly(operations, ['orders', 'buyer_orders', 'users'])).toEqual([]);
      expect(operations.some((op) => op.collection === 'buyer_orders')).toBe(true);
    });

    it("a buyer's cancel and the admin's status change find the order by _id", async () => {
      const product = String((await stockedProduct(shop, 5))._id);
      const placed = await checkout(shop.shopper, product, randomUUID()).expect(201);
      const other = await checkout(shop.shopper, product, randomUUID()).expect(201);
      const { operations } = await countQueries(async () => {
        await shop
          .http()
          .post(`/api/v1/auth/orders/${placed.body.order._id}/cancel`)
          .set(shop.shopper.auth)
          .expect(200);
        // The admin's own cancel route is not theirs to use on the shopper's order.
        await shop
          .http()
          .post(`/api/v1/auth/orders/${other.body.order._id}/cancel`)
          .set(shop.admin.auth)
          .expect(404);
        await shop
          .http()
          .put(`/api/v1/auth/order-status/${other.body.order._id}`)
          .set(shop.admin.auth)
          .send({ status: 'Processing' })
          .expect(200);
      });
      // The moves are writes conditional on the status they were checked from, sent by `_id`.
      expect(notByIdOnly(operations, ['orders', 'users'])).toEqual([]);
      expect(writesTo(operations, 'orders').length).toBeGreaterThanOrEqual(4);
    });

    it('a checkout short of stock deletes its order by _id', async () => {
      const product = String((await stockedProduct(shop, 1))._id);
      const soldOut = String((await collection('products').findOne({ quantity: 0 }))!._id);
      const key = randomUUID();
      const { operations } = await countQueries(async () => {
        await shop
          .http()
          .post('/api/v1/product/checkout')
          .set(shop.shopper.auth)
          .send({
            lines: [
              { productId: product, quantity: 1 },
              { productId: soldOut, quantity: 1 },
            ],
            card: APPROVED_CARD,
            idempotencyKey: key,
          })
          .expect(409);
      });
      expect(notByIdOnly(operations, ['orders', 'buyer_orders'])).toEqual([]);
      expect(operations.some((op) => op.collection === 'orders' && op.method === 'deleteOne')).toBe(
        true,
      );
      const _id = orderIdOf(checkoutKeyOf(new Types.ObjectId(shop.shopper.userId), key));
      expect(await collection('orders').findOne({ _id })).toBe(null);
    });

    it('a recovery round settles by _id what an unanswered checkout left, expired once its time to pay is up (no longer failed at once), and a failed refund', async () => {
      const gateway = shop.app.get<PaymentGateway>(PAYMENT_GATEWAY);
      const product = String((await stockedProduct(shop, 5))._id);
      const stock = (await stockedProduct(shop, 5)).quantity;
      // The gateway does not answer the attempt: the order waits for its payment, holding its unit.
      vi.spyOn(gateway, 'createPayment').mockRejectedValueOnce(
        new GatewayError(null, NO_ANSWER, 'gateway down'),
      );
      const key = randomUUID();
      await checkout(shop.shopper, product, key).expect(202);
      const unanswered = orderIdOf(checkoutKeyOf(new Types.ObjectId(shop.shopper.userId), key));
      // Its time to pay runs out (as expireNow does, without its recovery round).
      await collection('orders').updateOne(
        { _id: unanswered },
        { $set: { 'payment.expiresAt': new Date(Date.now() - 1000) } },
      );
      await shop.app.get(OrderIndex).changed(String(unanswered));
      // A cancel whose refund fails: cancelled, its follow-up still pending.
      const paid = await checkout(shop.shopper, product, randomUUID()).expect(201);
      vi.spyOn(gateway, 'refund').mockRejectedValueOnce(
        new GatewayError(null, NO_ANSWER, 'gateway down'),
      );
      await shop
        .http()
        .post(`/api/v1/auth/orders/${paid.body.order._id}/cancel`)
        .set(shop.shopper.auth)
        .expect(500);

      let figures: Awaited<ReturnType<OrdersService['recover']>> | undefined;
      const { operations } = await countQueries(async () => {
        figures = await shop.app.get(OrdersService).recover(new Date(Date.now() + 60_000));
      });
      expect(figures).toMatchObject({ expired: 1, followedUp: 1 });
      expect(notByIdOnly(operations, ['orders'])).toEqual([]);
      expect(await collection('orders').findOne({ _id: unanswered })).toMatchObject({
        settled: true,
        followUpPending: false,
        payment: { success: false, state: 'expired' },
      });
      expect(
        await collection('orders').findOne({ _id: new Types.ObjectId(paid.body.order._id) }),
      ).toMatchObject({
        status: 'Cancelled',
        followUpPending: false,
        payment: { refunded: true, refunds: [{ receipt: `refund-${paid.body.order._id}` }] },
      });
      expect(await collection('orders').countDocuments({ followUpPending: true })).toBe(0);
      // Both units back: the expired order's and the cancelled one's.
      expect((await stockedProduct(shop, 5)).quantity).toBe(stock);
    });

    it("a product's photo: served, replaced and deleted with its product", async () => {
      const stocked = await stockedProduct(shop, 1);
      const product = String(stocked._id);
      const { operations } = await countQueries(async () => {
        await shop.http().get(`/api/v1/product/product-photo/${product}`).expect(200);
        await shop
          .http()
          .put(`/api/v1/product/update-product/${product}`)
          .set(shop.admin.auth)
          .attach('photo', await renderProductImage({ name: 'A new photo' }), {
            filename: 'new.png',
            contentType: 'image/png',
          })
          .expect(200);
        await shop.http().delete(`/api/v1/product/delete-product/${product}`).set(shop.admin.auth);
      });
      // Served, the new one kept, the old first one deleted, then every photo of the product:
      // each by its hash.
      expect(notByIdOnly(operations, ['photo_uploads'])).toEqual([]);
      expect(operations.filter((op) => op.collection === 'photo_uploads')).toHaveLength(
        3 + stocked.photos.length,
      );
      const old = stocked.photos[0].hash;
      expect(await collection('photo_uploads').findOne({ _id: old as never })).toBe(null);
    });
  });

  describe('registering one address', () => {
    it('gives two registrations at once one account and one 409', async () => {
      const email = emailOf('twice');
      const responses = await Promise.all([register(email), register(email)]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expectError(
        responses.find((response) => response.status === 409)!,
        409,
      );
      expect(await collection('users').countDocuments({ email })).toBe(1);
      const claim = await collection('user_emails').findOne({ _id: email as never });
      const user = await collection('users').findOne({ email });
      expect(claim?.user).toEqual(user?._id);
    });

    it('is not blocked by a claim a crash left without its user', async () => {
      const email = emailOf('crashed');
      const claimedAt = new Date(Date.now() - UNFINISHED_CLAIM_MS - 1000);
      await collection('user_emails').insertOne({
        _id: email as never,
        user: new Types.ObjectId(),
        claimedAt,
      });
      await shop
        .http()
        .post('/api/v1/auth/login')
        .send({ email, password: 'tulsi-leaf-42' })
        .expect(401);
      const registered = await register(email).expect(201);
      await login(shop, email, 'tulsi-leaf-42');
      const claim = await collection('user_emails').findOne({ _id: email as never });
      expect(String(claim?.user)).toBe(registered.body.user._id);
    });

    it('waits for a registration that has claimed the address and is writing its user', async () => {
      const email = emailOf('in-flight');
      await collection('user_emails').insertOne({
        _id: email as never,
        user: new Types.ObjectId(),
        claimedAt: new Date(),
      });
      expectError(await register(email), 409);
    });

    it('gives the address back when the user cannot be written', async () => {
      const email = emailOf('failed-write');
      const users = shop.app.get<Model<User>>(getModelToken(User.name));
      vi.spyOn(users.prototype, 'save').mockRejectedValueOnce(new Error('disk full'));
      await register(email).expect(500);
      expect(await collection('user_emails').findOne({ _id: email as never })).toBe(null);
      await register(email).expect(201);
    });
  });

  describe('retrying a checkout', () => {
    it('makes one order for five retries at once and one after', async () => {
      const product = String((await stockedProduct(shop, 10))._id);
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => checkout(shop.shopper, product, key)),
      );
      const orderId = expectOneOrderOf(responses);
      const again = await checkout(shop.shopper, product, key).expect(201);
      expect(again.body.order._id).toBe(orderId);
      const checkoutKey = `${shop.shopper.userId}:${key}`;
      expect(await collection('orders').countDocuments({ checkoutKey })).toBe(1);
      // One gateway order for it, paid by one payment.
      const { payment } = (await collection('orders').findOne({ checkoutKey }))!;
      expect(
        await collection('demo_gateway_orders').countDocuments({
          receipt: again.body.order.number,
        }),
      ).toBe(1);
      expect(
        await collection('demo_gateway_payments').countDocuments({
          order_id: payment.gatewayOrderId,
        }),
      ).toBe(1);
    });

    it('finds an order placed before orders were keyed by their checkout', async () => {
      const product = await stockedProduct(shop, 1);
      const key = randomUUID();
      const checkoutKey = `${shop.shopper.userId}:${key}`;
      const _id = new Types.ObjectId();
      await insertOrder(
        oldOrder(_id, new Types.ObjectId(shop.shopper.userId), checkoutKey, product),
      );
      const stock = product.quantity;
      const retry = await checkout(shop.shopper, String(product._id), key).expect(201);
      expect(retry.body.order._id).toBe(String(_id));
      expect(await collection('orders').countDocuments({ checkoutKey })).toBe(1);
      expect((await stockedProduct(shop, 1)).quantity).toBe(stock);
    });
  });

  describe('the migrations at start', () => {
    const migrations = () => shop.app.get(Migrations);
    const provider = () => shop.app.get<PaymentProvider>(PAYMENT_PROVIDER);

    /** A user, their order and its charge as stored before natural keys. */
    async function storedBefore(tag: string) {
      const hasher = shop.app.get(PasswordHasher);
      const email = emailOf(tag);
      const buyer = new Types.ObjectId();
      await collection('users').insertOne({
        _id: buyer,
        name: 'Old Timer',
        email,
        password: await hasher.hash('tulsi-leaf-42'),
        answer: await hasher.hash('cricket'),
        phone: '+91 90000 22222',
        address: '3 Old Street, Chennai 600001',
        role: 0,
        createdAt: new Date('2024-01-01'),
        updatedAt: new Date('2024-01-01'),
      });
      const order = new Types.ObjectId();
      const checkoutKey = `${buyer}:old-${tag}`;
      await insertOrder(oldOrder(order, buyer, checkoutKey, await stockedProduct(shop, 1)));
      const reference = `demo_${randomUUID()}`;
      await collection('demo_card_charges').insertOne({
        _id: new Types.ObjectId(),
        idempotencyKey: checkoutKey,
        orderReference: String(order),
        amount: 49_900,
        approved: true,
        reference,
        message: null,
        refunds: [],
        createdAt: new Date('2024-01-01'),
        updatedAt: new Date('2024-01-01'),
      });
      return { email, buyer, order, checkoutKey, reference };
    }

    /**
     * A product with one photo, as stored before products had several, its upload with an id of
     * its own; `alsoKeyed`: a copy by product too.
     */
    async function photoStoredBefore(alsoKeyed = false) {
      const product = new Types.ObjectId();
      const bytes = await renderProductImage({ name: `An old photo ${product}` });
      const hash = createHash('sha256').update(bytes).digest('hex');
      const photo = { data: bytes, contentType: 'image/png', size: bytes.length, hash };
      const { category } = await stockedProduct(shop, 1);
      await collection('products').insertOne({
        _id: product,
        name: `Old Lamp ${product}`,
        slug: `old-lamp-${product}`,
        description: 'Stored before products had several photos.',
        price: 49_900,
        priceIn: 'paise',
        category,
        quantity: 3,
        shipping: true,
        stockHolds: [],
        photoHash: hash,
        photo: null,
        createdAt: new Date('2024-01-01'),
        updatedAt: new Date('2024-01-01'),
      });
      await collection('product_photos').insertOne({
        _id: new Types.ObjectId(),
        product,
        ...photo,
      });
      if (alsoKeyed) await collection('product_photos').insertOne({ _id: product, ...photo });
      return { product, bytes };
    }

    const forgetMigrations = () => collection('upgrades').deleteMany({});

    async function expectMigrated({
      email,
      buyer,
      order,
      checkoutKey,
      reference,
    }: Awaited<ReturnType<typeof storedBefore>>) {
      const session = await login(shop, email, 'tulsi-leaf-42');
      expect(session.userId).toBe(String(buyer));
      const mine = await shop.http().get('/api/v1/auth/orders').set(session.auth).expect(200);
      expect(mine.body.map((shown: { _id: string }) => shown._id)).toEqual([String(order)]);
      expect(await provider().findCharge(checkoutKey)).toEqual({ approved: true, reference });
      const charges = await collection('demo_card_charges').find({ idempotencyKey: checkoutKey });
      expect((await charges.toArray()).map((charge) => charge._id)).toEqual([
        demoChargeIdOf(checkoutKey),
      ]);
      // A reference given before charges were keyed is still refunded, once.
      const refund = { chargeReference: reference, amount: 100, idempotencyKey: `r-${order}` };
      await provider().refund(refund);
      await provider().refund(refund);
      const charge = await collection('demo_card_charges').findOne({ idempotencyKey: checkoutKey });
      expect(charge?.refunds).toHaveLength(1);
    }

    it('converts data stored before natural keys, once, however often and on however many instances it runs', async () => {
      const before = await storedBefore('twice');
      // Only photos stored the old way, so the old unique index stands on both engines.
      await collection('product_photos').deleteMany({});
      const photo = await photoStoredBefore();
      await collection('product_photos').createIndex({ product: 1 }, { unique: true });
      await collection('demo_card_charges').createIndex({ idempotencyKey: 1 }, { unique: true });
      const counts = await shop.counts();
      await forgetMigrations();

      const runs = await Promise.all([migrations().runPending(), migrations().runPending()]);
      // Each migration ran on one instance or both, whichever looked before the other recorded it.
      expect(new Set(runs.flat())).toEqual(new Set(MIGRATIONS));
      expect(await migrations().runPending()).toEqual([]);

      await expectMigrated(before);
      // The photo's upload moved to photo_uploads, kept by its content.
      expect(await shop.counts()).toEqual({ ...counts, photo_uploads: counts.photo_uploads + 1 });
      expect(await collection('user_emails').findOne({ _id: before.email as never })).toMatchObject(
        {
          user: before.buyer,
        },
      );
      const served = await shop.http().get(`/api/v1/product/product-photo/${photo.product}`);
      expect(Buffer.compare(served.body, photo.bytes)).toBe(0);
      expect(
        await collection('product_photos').countDocuments({ product: { $exists: true } }),
      ).toBe(0);
    });

    it('reads only its records, by _id, at a start after it is done', async () => {
      const { operations } = await countQueries(async () => {
        expect(await migrations().runPending()).toEqual([]);
      });
      expect(operations.map((op) => op.collection)).toEqual(MIGRATIONS.map(() => 'upgrades'));
      expect(notByIdOnly(operations, ['upgrades'])).toEqual([]);
    });

    it('finishes at the next start what a crash left half done', async () => {
      const before = await storedBefore('crash');
      // The copy under the product's id written, the old photo not yet deleted.
      const photo = await photoStoredBefore(true);
      // A charge copied under its key's id, its old document still there.
      const old = await collection('demo_card_charges').findOne({
        idempotencyKey: before.checkoutKey,
      });
      await collection('demo_card_charges').insertOne({
        ...old,
        _id: demoChargeIdOf(before.checkoutKey),
      });
      await forgetMigrations();
      // The third migration (user-email-claims) stops at its first read.
      vi.spyOn(shop.app.get<Model<User>>(getModelToken(User.name)), 'find').mockImplementationOnce(
        () => {
          throw new Error('stopped');
        },
      );
      await expect(migrations().runPending()).rejects.toThrow('stopped');
      expect(await collection('upgrades').countDocuments()).toBe(2);
      await expect(login(shop, before.email, 'tulsi-leaf-42')).rejects.toThrow();

      expect(await migrations().runPending()).toEqual(MIGRATIONS.slice(2));
      await expectMigrated(before);
      const photos = await collection('product_photos')
        .find({ $or: [{ _id: photo.product }, { product: photo.product }] })
        .toArray();
      expect(photos).toEqual([]);
      const served = await shop.http().get(`/api/v1/product/product-photo/${photo.product}`);
      expect(Buffer.compare(served.body, photo.bytes)).toBe(0);
    });
  });
});

/** A settled, paid order as stored before orders were keyed by their checkout. */
function oldOrder(
  _id: Types.ObjectId,
  buyer: Types.ObjectId,
  checkoutKey: string,
  product: { _id: Types.ObjectId; name: string },
) {
  return {
    _id,
    lines: [{ product: product._id, name: product.name, price: 49_900, quantity: 1 }],
    buyer,
    payment: {
      success: true,
      // As the migration of payment states, run at every start, leaves it.
      state: 'paid',
      method: 'card',
      provider: 'demo-card',
      reference: 'demo_before',
      message: null,
      refunded: false,
    },
    total: 49_900,
    amountsIn: 'paise',
    address: '3 Old Street, Chennai 600001',
    status: 'Not Processed',
    checkoutKey,
    settled: true,
    followUpPending: false,
    history: [],
    createdAt: new Date('2024-01-02'),
    updatedAt: new Date('2024-01-02'),
  };
}
