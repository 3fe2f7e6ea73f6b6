import jwt from 'jsonwebtoken';
import { Types } from 'mongoose';
import type { Test } from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import {
  APPROVED_CARD,
  expectError,
  missingId,
  newCategory,
  placeOrder,
  snapshot,
  stockedProduct,
} from './fixtures';
import { TestShop, useTestShop } from './test-app';

/**
 * What the bad requests point at, made once before them in a seeded shop: a product in stock
 * with a photo, a sold-out one, the product's category, an empty category, another category's
 * name, a paid order of the demo shopper, and an id no document has.
 */
export interface Fixtures {
  product: string;
  productSlug: string;
  soldOut: string;
  soldOutName: string;
  category: string;
  categoryName: string;
  emptyCategory: string;
  otherCategoryName: string;
  order: string;
  missing: string;
  shopperEmail: string;
}

type Token = 'admin' | 'shopper' | 'none' | 'forged';
/** A document a request tries to change, re-read after it to show it did not change. */
type Target = 'product' | 'category' | 'emptyCategory' | 'order' | 'shopper';
type Json = Record<string, unknown> | unknown[];

export interface Upload {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

/** One bad request: what is sent, and the refusal expected for it. */
export interface BadRequest {
  name: string;
  /** Method and path; `{product}`, `{category}`, ... stand for the fixtures' ids. */
  call: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;
  /** Whose token is sent: none by default, or one signed with another secret (`forged`). */
  as?: Token;
  /** A JSON body (or a function of the fixtures giving one). */
  body?: Json | ((ids: Fixtures) => Json);
  /** A body sent as it is, with its own content type. */
  raw?: { type: string; data: string };
  /** A multipart form: text fields (repeated when an array) and files. */
  form?: {
    fields?: (ids: Fixtures) => Record<string, string | string[]>;
    files?: Record<string, Upload>;
  };
  headers?: Record<string, string>;
  status: number;
  /** The message of the error body, or a pattern of it. */
  message: string | RegExp | ((ids: Fixtures) => string | RegExp);
  target?: Target;
}

export const long = (length: number, char = 'a') => char.repeat(length);

/**
 * Documents in each collection, as `TestApp.counts()` gives them, read off a snapshot (of the
 * same collections): a row reads the whole shop once before and once after its request.
 */
const countsOf = (documents: Record<string, unknown[]>): Record<string, number> =>
  Object.fromEntries(Object.entries(documents).map(([name, docs]) => [name, docs.length]));

/** The usual checkout body for the fixtures' product, with `changes` made to it. */
export const checkoutBody = (ids: Fixtures, changes: Record<string, unknown> = {}) => ({
  lines: [{ productId: ids.product, quantity: 1 }],
  card: APPROVED_CARD,
  ...changes,
});

/**
 * Registers, in the surrounding `describe`, a seeded shop with the fixtures and one test per
 * bad request: it answers the expected status and message in the error envelope, and no
 * document of the shop (the target above all) changes. Returns the shop and the fixtures,
 * for the suite's own tests.
 */
export function badRequestSuite(cases: BadRequest[]): {
  shop: TestShop;
  fixtures: () => Fixtures;
} {
  const shop = useTestShop({ seed: true });
  let ids: Fixtures | undefined;
  const fixtures = () => {
    if (!ids) throw new Error('The fixtures are made before the first test');
    return ids;
  };

  beforeAll(async () => {
    const product = await stockedProduct(shop, 10);
    const soldOut = await shop.connection.collection('products').findOne({ quantity: 0 });
    const categories = await shop.connection.collection('categories').find().toArray();
    const own = categories.find((category) => category._id.equals(product.category));
    const other = categories.find((category) => !category._id.equals(product.category));
    const empty = await newCategory(shop, shop.admin, 'Stationery');
    const order = await placeOrder(shop, shop.shopper, String(product._id));
    ids = {
      product: String(product._id),
      productSlug: product.slug,
      soldOut: String(soldOut!._id),
      soldOutName: soldOut!.name,
      category: String(product.category),
      categoryName: own!.name,
      emptyCategory: empty._id,
      otherCategoryName: other!.name,
      order: order._id,
      missing: missingId(),
      shopperEmail: shop.config.shopper.email,
    };
  });

  function tokenOf(token: Token = 'none'): string | undefined {
    if (token === 'admin') return shop.admin.token;
    if (token === 'shopper') return shop.shopper.token;
    if (token === 'forged')
      return jwt.sign({ sub: shop.admin.userId }, 'another-secret-of-enough-length!!');
    return undefined;
  }

  function send(badRequest: BadRequest): Test {
    const [method, template] = badRequest.call.split(' ');
    const path = template.replace(/\{(\w+)\}/g, (_match, key: keyof Fixtures) => fixtures()[key]);
    let request = shop.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
    const token = tokenOf(badRequest.as);
    if (token) request = request.set('Authorization', token);
    for (const [name, value] of Object.entries(badRequest.headers ?? {})) {
      request = request.set(name, value);
    }
    if (badRequest.raw) {
      return request.set('Content-Type', badRequest.raw.type).send(badRequest.raw.data);
    }
    if (badRequest.form) {
      for (const [name, value] of Object.entries(badRequest.form.fields?.(fixtures()) ?? {})) {
        for (const one of Array.isArray(value) ? value : [value])
          request = request.field(name, one);
      }
      for (const [name, file] of Object.entries(badRequest.form.files ?? {})) {
        request = request.attach(name, file.buffer, {
          filename: file.filename,
          contentType: file.contentType,
        });
      }
      return request;
    }
    if (badRequest.body === undefined) return request;
    const body =
      typeof badRequest.body === 'function' ? badRequest.body(fixtures()) : badRequest.body;
    return request.send(body as object);
  }

  async function readTarget(target: Target | undefined): Promise<unknown> {
    if (!target) return null;
    const byId = (collection: string, id: string) =>
      shop.connection.collection(collection).findOne({ _id: new Types.ObjectId(id) });
    const ids = fixtures();
    switch (target) {
      case 'product': {
        const product = await byId('products', ids.product);
        const uploads = await shop.connection
          .collection('photo_uploads')
          .find({}, { projection: { data: 0 } })
          .toArray();
        return { product, uploads };
      }
      case 'category':
        return byId('categories', ids.category);
      case 'emptyCategory':
        return byId('categories', ids.emptyCategory);
      case 'order':
        return byId('orders', ids.order);
      case 'shopper':
        return byId('users', shop.shopper.userId);
    }
  }

  it('has at least 10 distinct cases', () => {
    // Each domain's table; together they hold well over a hundred.
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((badRequest) => badRequest.name)).size).toBe(cases.length);
  });

  it.each(cases)('$name -> $status', async (badRequest) => {
    const before = await snapshot(shop);
    const targetBefore = await readTarget(badRequest.target);

    const response = await send(badRequest);

    const message =
      typeof badRequest.message === 'function'
        ? badRequest.message(fixtures())
        : badRequest.message;
    expectError(response, badRequest.status, message);
    const targetAfter = await readTarget(badRequest.target);
    const after = await snapshot(shop);
    expect(countsOf(after)).toEqual(countsOf(before));
    if (badRequest.target) {
      expect(targetBefore).not.toBeNull();
      expect(targetAfter).toEqual(targetBefore);
    }
    expect(after).toEqual(before);
  });

  return { shop, fixtures };
}
