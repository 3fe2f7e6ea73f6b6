import { beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_NOT_FOUND } from '../../src/orders/order-emails';
import { checkout, expectError, newProduct, newShopper } from '../support/fixtures';
import type { Account } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { outboxRounds, QUICK_OUTBOX, useMailpit } from '../support/use-mailpit';
import { useTestShop } from '../support/test-app';

const SETTINGS = '/api/v1/settings/notifications';

interface OrderEmail {
  key: string;
  event: string;
  to: string;
  subject: string;
  state: string;
  sentAgain: number;
}

describe("the shop's e-mail settings, each order's e-mails, and low-stock alerts", () => {
  const env: Record<string, string> = { ...QUICK_OUTBOX };
  const mailpit = useMailpit(env);
  const shop = useTestShop({ seed: true, env });

  const settings = (changes: Record<string, unknown>, session = shop.admin) =>
    shop.http().put(SETTINGS).set(session.auth).send(changes);
  beforeEach(async () => {
    await settings({ shopAddress: null, off: [] }).expect(200);
    await mailpit().clear();
  });

  const buy = async (session: Account, productId: string, quantity = 1) =>
    (await checkout(shop, session, [{ productId, quantity }]).expect(201)).body.order as {
      _id: string;
      number: string;
    };
  const emailsOf = async (number: string) =>
    (await shop.http().get(`/api/v1/order/${number}/emails`).set(shop.admin.auth).expect(200)).body
      .emails as OrderEmail[];

  it('reads every kind of e-mail, on, and the administrator as the shop address', async () => {
    const read = await shop.http().get(SETTINGS).set(shop.admin.auth).expect(200);
    expect(read.body.settings).toMatchObject({
      sending: true,
      shopAddress: null,
      shopAddressInUse: shop.config.admin.email,
    });
    const events = read.body.settings.events as { event: string; on: boolean; optional: boolean }[];
    expect(events.map((event) => event.event)).toEqual([
      'order-placed',
      'payment-failed',
      'order-shipped',
      'order-delivered',
      'order-cancelled',
      'refund-processed',
      'new-order',
      'low-stock',
      'password-reset',
    ]);
    expect(events.every((event) => event.on)).toBe(true);
    expect(events.filter((event) => !event.optional).map((event) => event.event)).toEqual([
      'password-reset',
    ]);
    const shopper = await newShopper(shop);
    await shop.http().get(SETTINGS).set(shopper.auth).expect(403);
    expectRefused(
      await gql(shop, '{ notificationSettings { sending } }', {}, shopper),
      'FORBIDDEN',
      'notificationSettings',
    );
  });

  it("sends the shop's messages to the address set, and none of a kind turned off", async () => {
    await settings({ shopAddress: ' Orders@Example.IN ', off: ['order-placed'] }).expect(200);
    const { updateNotificationSettings } = await gqlOk<{
      updateNotificationSettings: { shopAddress: string; shopAddressInUse: string };
    }>(
      shop,
      `mutation ($input: NotificationSettingsInput!) {
        updateNotificationSettings(input: $input) { shopAddress shopAddressInUse }
      }`,
      { input: {} },
      shop.admin,
    );
    expect(updateNotificationSettings).toEqual({
      shopAddress: 'orders@example.in',
      shopAddressInUse: 'orders@example.in',
    });
    const productId = (await newProduct(shop, shop.admin, { quantity: 100, price: 700 }))._id;
    const buyer = await newShopper(shop);
    const order = await buy(buyer, productId);
    const [alert] = await mailpit().waitForMessagesTo('orders@example.in', 1);
    expect(alert.subject).toMatch(new RegExp(`^New order ${order.number}:`));
    await outboxRounds(shop);
    // The buyer's confirmation was off: not written at all, so not in the order's list either.
    expect(await mailpit().messages()).toHaveLength(1);
    expect((await emailsOf(order.number)).map((email) => email.event)).toEqual(['new-order']);
  });

  it('refuses a wrong address and an e-mail that cannot be stopped, naming the field, changing nothing', async () => {
    for (const [changes, field] of [
      [{ shopAddress: 'not-an-address' }, /^shopAddress: /],
      [{ off: ['password-reset'] }, /^off: "password-reset" is not an e-mail the shop may stop/],
      [{ off: ['made-up'] }, /^off: "made-up"/],
      [{ off: 'order-placed' }, /^off must be a list/],
    ] as const) {
      const refused = await settings(changes);
      expectError(refused, 400, field);
    }
    const read = await shop.http().get(SETTINGS).set(shop.admin.auth).expect(200);
    expect(read.body.settings).toMatchObject({ shopAddress: null });
    expect(read.body.settings.events.every((event: { on: boolean }) => event.on)).toBe(true);
  });

  it("lists an order's e-mails for the admin and sends one again, as it was written", async () => {
    const productId = (await newProduct(shop, shop.admin, { quantity: 100, price: 900 }))._id;
    const buyer = await newShopper(shop);
    const order = await buy(buyer, productId);
    await mailpit().waitForMessages(2);
    await outboxRounds(shop);
    const emails = await emailsOf(order.number);
    expect(emails.map(({ event, to, state }) => ({ event, to, state }))).toEqual([
      { event: 'order-placed', to: buyer.email, state: 'sent' },
      { event: 'new-order', to: shop.config.admin.email, state: 'sent' },
    ]);
    const [confirmation] = emails;

    const again = await shop
      .http()
      .post(`/api/v1/order/${order.number}/emails/send-again`)
      .set(shop.admin.auth)
      .send({ key: confirmation.key })
      .expect(200);
    expect(again.body.email).toMatchObject({ key: confirmation.key, sentAgain: 1 });
    // Waiting again, or already sent by the worker (it looks every 100 ms here).
    expect(['due', 'sent']).toContain(again.body.email.state);
    const copies = await mailpit().waitForMessagesTo(buyer.email, 2);
    expect(copies.map((copy) => copy.subject)).toEqual([
      `Order ${order.number} confirmed`,
      `Order ${order.number} confirmed`,
    ]);
    await outboxRounds(shop);
    expect((await emailsOf(order.number))[0]).toMatchObject({ state: 'sent', sentAgain: 1 });

    // Another order's key, a made-up one, a shopper: refused, nothing sent.
    const other = await buy(await newShopper(shop), productId);
    await mailpit().waitForMessages(5);
    await outboxRounds(shop);
    const [otherConfirmation] = await emailsOf(other.number);
    const sendAgain = (key: string, session = shop.admin) =>
      shop
        .http()
        .post(`/api/v1/order/${order.number}/emails/send-again`)
        .set(session.auth)
        .send({ key });
    expectError(await sendAgain(otherConfirmation.key), 404, EMAIL_NOT_FOUND);
    expectError(await sendAgain('made-up'), 404, EMAIL_NOT_FOUND);
    await sendAgain(confirmation.key, buyer).expect(403);
    const answer = await gql(
      shop,
      'mutation ($number: String!, $key: String!) { sendOrderEmailAgain(number: $number, key: $key) { state } }',
      { number: order.number, key: otherConfirmation.key },
      shop.admin,
    );
    expect(expectRefused(answer, 'NOT_FOUND').message).toBe(EMAIL_NOT_FOUND);
    await outboxRounds(shop);
    expect(await mailpit().messages()).toHaveLength(5);
  });

  it('tells the shop once a day when an order leaves an item low, naming what is left', async () => {
    const threshold = shop.config.lowStockThreshold;
    const product = await newProduct(shop, shop.admin, {
      quantity: threshold + 2,
      price: 400,
      name: `Brass diya ${Date.now()}`,
    });
    const buyer = await newShopper(shop);
    // Above the threshold still: no alert.
    await buy(buyer, product._id, 1);
    await mailpit().waitForMessages(2);
    const crossing = await buy(buyer, product._id, 2);
    const [alert] = (await mailpit().waitForMessagesTo(shop.config.admin.email, 3)).filter(
      (message) => message.subject.startsWith('Low stock'),
    );
    expect(alert.subject).toBe(`Low stock: ${product.name}, ${threshold - 1} left`);
    const message = await mailpit().message(alert.id);
    expect(message.text).toContain(`/dashboard/admin/product/${product.slug}`);
    expect((await emailsOf(crossing.number)).map((email) => email.event)).toContain('low-stock');

    // Sold down to nothing the same day: no second alert.
    await buy(buyer, product._id, threshold - 1);
    await mailpit().waitForMessagesTo(buyer.email, 3);
    await outboxRounds(shop);
    const alerts = (await mailpit().messages()).filter((one) =>
      one.subject.startsWith('Low stock'),
    );
    expect(alerts).toHaveLength(1);
  });

  it('sends no low-stock alert when the admin turned them off', async () => {
    await settings({ off: ['low-stock'] }).expect(200);
    const product = await newProduct(shop, shop.admin, { quantity: 2, price: 400 });
    const order = await buy(await newShopper(shop), product._id, 1);
    await mailpit().waitForMessages(2);
    await outboxRounds(shop);
    const subjects = (await mailpit().messages()).map((one) => one.subject);
    expect(subjects.filter((subject) => subject.startsWith('Low stock'))).toEqual([]);
    expect((await emailsOf(order.number)).map((email) => email.event)).toEqual([
      'order-placed',
      'new-order',
    ]);
  });
});
