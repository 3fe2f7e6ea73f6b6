import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/seed/demo-catalog';
import { checkout } from '../support/fixtures';
import { TestApp, useTestShop } from '../support/test-app';

interface ProductReply {
  _id: string;
  slug: string;
  price: number;
  quantity: number;
}

/** How soon a write through one instance must be served by every other. */
const DEADLINE_MS = 2000;

/**
 * Two instances of the shop on one database, as behind a load balancer: what is written
 * through one is served by the other within 2 s, whatever each keeps in memory.
 */
describe('two instances on one database', () => {
  const a = useTestShop({ seed: true });
  const b = useTestShop({ sharing: a });

  const productOn = async (test: TestApp, slug: string): Promise<ProductReply> =>
    (await test.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;

  /** Asks B until `served` holds, for at most the deadline; answers how long that took. */
  async function servedByB(slug: string, served: (product: ProductReply) => boolean) {
    const start = Date.now();
    let product = await productOn(b, slug);
    while (!served(product) && Date.now() - start < DEADLINE_MS) {
      await sleep(25);
      product = await productOn(b, slug);
    }
    return { product, took: Date.now() - start };
  }

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
    const start = Date.now();
    let ids = await list();
    while (!shown(ids) && Date.now() - start < DEADLINE_MS) {
      await sleep(25);
      ids = await list();
    }
    return { ids, took: Date.now() - start };
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
});
