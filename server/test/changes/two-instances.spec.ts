import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { CHANGES_COLLECTION } from '../../src/changes/change-log.service';
import { LIMITS_OUT_OF_THE_WAY } from '../../src/config/config';
import { demoProducts } from '../../src/seed/demo-catalog';
import { buildServer, builtServer, repoRoot } from '../support/built-server';
import { checkout } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { freePort } from '../support/ports';
import { TestApp, useTestShop } from '../support/test-app';
import { PAYMENT_SETTINGS, setPayments } from '../payments/operations';

interface ProductReply {
  _id: string;
  slug: string;
  price: number;
  quantity: number;
}

/** How soon a write through one instance must be served by every other. */
const DEADLINE_MS = 2000;

/** How soon every instance must serve a write whose writer failed or died after writing it. */
const AFTER_A_FAULT_MS = 5000;

const productOn = async (test: TestApp, slug: string): Promise<ProductReply> =>
  (await test.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;

/** Asks until `done` holds of the answer, for at most `ms`; gives the last answer and how long it took. */
async function askedUntil<T>(ask: () => Promise<T>, done: (answer: T) => boolean, ms: number) {
  const start = Date.now();
  let answer = await ask();
  while (!done(answer) && Date.now() - start < ms) {
    await sleep(25);
    answer = await ask();
  }
  return { answer, took: Date.now() - start };
}

/** Asks `test` until `served` holds, for at most `ms`; answers the product and how long it took. */
async function servedWithin(
  test: TestApp,
  slug: string,
  ms: number,
  served: (product: ProductReply) => boolean,
) {
  const { answer: product, took } = await askedUntil(() => productOn(test, slug), served, ms);
  return { product, took };
}

/**
 * Two instances of the shop on one database, as behind a load balancer: what is written
 * through one is served by the other within 2 s, whatever each keeps in memory.
 */
describe('two instances on one database', () => {
  const a = useTestShop({ seed: true });
  const b = useTestShop({ sharing: a });

  const servedByB = (slug: string, served: (product: ProductReply) => boolean) =>
    servedWithin(b, slug, DEADLINE_MS, served);

  it('serves on B, within 2 s, a price an admin changed and stock a checkout took through A', async () => {
    const demo = demoProducts.find((p) => p.name === 'boAt Rockerz 450 Bluetooth Headphones')!;
    const slug = 'boat-rockerz-450-bluetooth-headphones';
    const before = await productOn(b, slug);
    expect(before).toMatchObject({ price: demo.price, quantity: demo.quantity });
    const price = demo.price + 100;

    await a
      .http()
      .put(`/api/v1/product/update-product/${before._id}`)
      .set(a.admin.auth)
      .field('price', String(price))
      .expect(200);
    const priced = await servedByB(slug, (product) => product.price === price);
    expect(priced.product.price).toBe(price);
    expect(priced.took).toBeLessThan(DEADLINE_MS);

    await checkout(a, a.shopper, [{ productId: before._id, quantity: 2 }]).expect(201);
    const quantity = demo.quantity - 2;
    const stocked = await servedByB(slug, (product) => product.quantity === quantity);
    expect(stocked.product).toMatchObject({ price, quantity });
    expect(stocked.took).toBeLessThan(DEADLINE_MS);
  });

  /** B's admin list of orders in `status` (all, without one), asked until `shown` holds. */
  async function listedByB(shown: (ids: string[]) => boolean, status?: string) {
    const path = `/api/v1/auth/all-orders${status ? `?status=${encodeURIComponent(status)}` : ''}`;
    const list = async () =>
      (await b.http().get(path).set(a.admin.auth).expect(200)).body.map(
        (order: { _id: string }) => order._id,
      ) as string[];
    const { answer: ids, took } = await askedUntil(list, shown, DEADLINE_MS);
    return { ids, took };
  }

  it("lists on B's admin pages, within 2 s, an order placed and then moved through A", async () => {
    const product = (await productOn(a, 'jbl-flip-6-portable-bluetooth-speaker'))._id;
    const placed = await checkout(a, a.shopper, [{ productId: product, quantity: 1 }]).expect(201);
    const id: string = placed.body.order._id;
    const listed = await listedByB((ids) => ids[0] === id);
    expect(listed.ids[0]).toBe(id);
    expect(listed.took).toBeLessThan(DEADLINE_MS);

    await a
      .http()
      .put(`/api/v1/auth/order-status/${id}`)
      .set(a.admin.auth)
      .send({ status: 'Processing' })
      .expect(200);
    const moved = await listedByB((ids) => ids.includes(id), 'Processing');
    expect(moved.ids).toContain(id);
    expect(moved.took).toBeLessThan(DEADLINE_MS);
    const waiting = await listedByB((ids) => !ids.includes(id), 'Not Processed');
    expect(waiting.ids).not.toContain(id);
  });

  it('serves on B, within 2 s, settings an admin changed through A (each holds them in memory)', async () => {
    const codFeeOn = async (shop: TestApp) =>
      (await gqlOk<{ paymentSettings: { codFee: number } }>(shop, PAYMENT_SETTINGS, {}, a.admin))
        .paymentSettings.codFee;
    const before = await codFeeOn(b);
    await setPayments(a, { codFee: 25 });
    expect(await codFeeOn(a)).toBe(25);
    const { answer: fee } = await askedUntil(
      () => codFeeOn(b),
      (on) => on === 25,
      DEADLINE_MS,
    );
    expect(before).not.toBe(25);
    expect(fee).toBe(25);
  });
});

describe('a write and its announcement, when the database refuses the log', () => {
  const a = useTestShop({ seed: true });
  const b = useTestShop({ sharing: a });
  const slug = 'jbl-flip-6-portable-bluetooth-speaker';
  /** The change log as A writes it: the connection's own object for that name. */
  const logOfA = () => a.connection.collection(CHANGES_COLLECTION);

  it('serves on B within 5 s a price A wrote but could not confirm in the log', async () => {
    const before = await productOn(b, slug);
    const price = before.price + 50;
    // The announcement gets through on its second try; nothing after the write does.
    const insert = vi.spyOn(logOfA(), 'insertOne').mockRejectedValueOnce(new Error('busy'));
    const update = vi.spyOn(logOfA(), 'updateOne').mockRejectedValue(new Error('disk I/O error'));
    try {
      await a
        .http()
        .put(`/api/v1/product/update-product/${before._id}`)
        .set(a.admin.auth)
        .field('price', String(price))
        .expect(200);
    } finally {
      insert.mockRestore();
      update.mockRestore();
    }
    const served = await servedWithin(b, slug, AFTER_A_FAULT_MS, (p) => p.price === price);
    expect(served.product.price).toBe(price);
    expect(served.took).toBeLessThan(AFTER_A_FAULT_MS);
  });

  it('refuses the write when the log cannot be written at all, so no instance is left behind', async () => {
    const before = await productOn(a, slug);
    const insert = vi.spyOn(logOfA(), 'insertOne').mockRejectedValue(new Error('disk I/O error'));
    try {
      await a
        .http()
        .put(`/api/v1/product/update-product/${before._id}`)
        .set(a.admin.auth)
        .field('price', String(before.price + 75))
        .expect(500);
    } finally {
      insert.mockRestore();
    }
    expect((await productOn(a, slug)).price).toBe(before.price);
    expect((await productOn(b, slug)).price).toBe(before.price);
  });
});

/**
 * The built server as instance A, on B's database, set to kill itself (SIGKILL) once a record is
 * written and before its change is confirmed: what `kill -9` between the two does.
 */
describe('a writer killed between its write and the announcement', () => {
  const b = useTestShop({ seed: true });
  let a: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    await buildServer();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    a = spawn(process.execPath, [builtServer], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...LIMITS_OUT_OF_THE_WAY,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: tmpdir(),
        MONGODB_URI: `${inject('mongoServerUri')}${b.database}`,
        JWT_SECRET: b.config.jwtSecret,
        SEED_ON_EMPTY: 'false',
        CHANGE_LOG_CRASH_AFTER_WRITE: 'true',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (a.exitCode !== null) throw new Error(`Instance A exited with ${a.exitCode}`);
      if (Date.now() > deadline) throw new Error('Instance A did not become ready');
      const ready = await fetch(`${base}/readyz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      await sleep(250);
    }
  }, 180_000);

  afterAll(async () => {
    if (a && a.exitCode === null && a.signalCode === null) {
      a.kill('SIGKILL');
      await once(a, 'exit');
    }
  });

  it('serves on B within 5 s the price A wrote before it was killed', async () => {
    const slug = 'boat-rockerz-450-bluetooth-headphones';
    const before = await productOn(b, slug);
    const price = before.price + 100;
    const killed = once(a!, 'exit');
    const form = new FormData();
    form.set('price', String(price));
    const answer = await fetch(`${base}/api/v1/product/update-product/${before._id}`, {
      method: 'PUT',
      headers: b.admin.auth,
      body: form,
    }).then(
      (reply) => reply.status,
      () => 'cut off',
    );
    expect(answer).toBe('cut off');
    expect(await killed).toEqual([null, 'SIGKILL']);

    const served = await servedWithin(b, slug, AFTER_A_FAULT_MS, (p) => p.price === price);
    expect(served.product.price).toBe(price);
    expect(served.took).toBeLessThan(AFTER_A_FAULT_MS);
  });
});
