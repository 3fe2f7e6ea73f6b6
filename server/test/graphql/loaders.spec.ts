import mongoose from 'mongoose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_COLLECTION } from '../../src/changes/change-log.service';
import { APPROVED_CARD, productBySlug } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

/**
 * Database operations the app sends while `run` runs, as "collection.method"; not the change
 * log's, which every instance reads in the background.
 */
async function operationsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  mongoose.set('debug', (collection: string, method: string) => {
    if (collection !== CHANGES_COLLECTION) seen.push(`${collection}.${method}`);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return seen;
}

/** What resolving a page of orders reads beside the orders themselves. */
const outsideOrders = (operations: string[]) =>
  operations.filter((operation) => !operation.startsWith('orders.'));

const PRODUCT_PAGE = (pageSize: number) => `{
  products(pageSize: ${pageSize}) { total items { id name category { id name slug } } }
}`;

const ORDER_PAGE = (pageSize: number) => `{
  orders(pageSize: ${pageSize}) {
    total
    items {
      id buyer { id name }
      lines { name product { id name category { name } } }
    }
  }
}`;

describe('GraphQL batches lookups per request (no N+1)', () => {
  const shop = useTestShop({ seed: true });

  beforeAll(async () => {
    // Orders of two buyers over many products, so a page of orders has much to resolve.
    const products = await shop.connection
      .collection('products')
      // Sold one way: a checkout names only the product.
      .find({ quantity: { $gte: 10 }, options: { $size: 0 } })
      .limit(20)
      .toArray();
    const godaan = await productBySlug(shop, 'godaan-by-munshi-premchand');
    for (const [index, product] of products.entries()) {
      await gqlOk(
        shop,
        'mutation ($input: CheckoutInput!) { placeOrder(input: $input) { id } }',
        {
          input: {
            lines: [
              { productId: String(product._id), quantity: 1 },
              { productId: godaan.id, quantity: 1 },
            ],
            card: APPROVED_CARD,
          },
        },
        index % 2 === 0 ? shop.shopper : shop.admin,
      );
    }
  });
  afterEach(() => {
    mongoose.set('debug', false);
  });

  it('answers a page of 50 products with their categories without a database operation', async () => {
    let items = 0;
    const operations = await operationsDuring(async () => {
      const data = await gqlOk<{ products: { items: { category: { name: string } }[] } }>(
        shop,
        PRODUCT_PAGE(50),
      );
      items = data.products.items.length;
      expect(data.products.items.every((item) => item.category.name.length > 0)).toBe(true);
    });
    expect(items).toBe(50);
    expect(operations).toEqual([]);
  });

  it('needs no more operations for 50 products than for 2', async () => {
    const small = await operationsDuring(() => gqlOk(shop, PRODUCT_PAGE(2)));
    const large = await operationsDuring(() => gqlOk(shop, PRODUCT_PAGE(50)));
    expect(large.length).toBe(small.length);
  });

  it('answers a page of 20 orders with buyers, products and categories in a few operations', async () => {
    let orders = 0;
    const operations = await operationsDuring(async () => {
      const data = await gqlOk<{ orders: { items: { buyer: { name: string } }[] } }>(
        shop,
        ORDER_PAGE(20),
        {},
        shop.admin,
      );
      orders = data.orders.items.length;
    });
    expect(orders).toBe(20);
    // The page's orders, each read by `_id` (their ids and the total come from the order
    // index); the admin check (users) and the buyers (users), one read by `_id` each, at once:
    // `$in` would read every user on the embedded engine. The orders have two buyers.
    // Products and categories come from the catalogue.
    expect(outsideOrders(operations).length).toBeLessThanOrEqual(3);
    expect(operations.filter((operation) => operation.startsWith('orders.'))).toEqual(
      Array(20).fill('orders.findOne'),
    );
    expect(operations.filter((operation) => operation.startsWith('products.'))).toHaveLength(0);
    expect(operations.filter((operation) => operation.startsWith('categories.'))).toHaveLength(0);
    expect(operations.filter((operation) => operation.startsWith('users.'))).toHaveLength(3);
  });

  it('needs no more operations for the records of 20 orders than for those of 2', async () => {
    const small = await operationsDuring(() => gqlOk(shop, ORDER_PAGE(2), {}, shop.admin));
    const large = await operationsDuring(() => gqlOk(shop, ORDER_PAGE(20), {}, shop.admin));
    expect(outsideOrders(large).sort()).toEqual(outsideOrders(small).sort());
  });
});
