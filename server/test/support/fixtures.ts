import { expect } from 'vitest';
import type { Response } from 'supertest';
import { Types } from 'mongoose';
import { UsersService } from '../../src/users/users.service';
import { login, Session, TestApp } from '../support/test-app';

/** The documented cards of the demo processor, and one that is always good for years. */
export const APPROVED_CARD = { number: '4242424242424242', expiry: '12/39', cvv: '123' };
export const DECLINED_CARD = { number: '4000000000000002', expiry: '12/39', cvv: '123' };

/** A valid ObjectId that no document has. */
export const missingId = (): string => new Types.ObjectId().toHexString();

/** The error envelope of DESIGN.md "API contract", with exactly the expected status. */
export function expectError(response: Response, status: number): void {
  // superagent keeps the request on the response; its typings leave it out.
  const request = (response as unknown as { req?: { method?: string; path?: string } }).req;
  expect(
    { status: response.status, body: response.body },
    `${request?.method} ${request?.path}`,
  ).toMatchObject({ status, body: { success: false } });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.body.message).toBe('string');
  expect(response.body.message.trim().length).toBeGreaterThan(0);
}

const COLLECTIONS = ['users', 'categories', 'products', 'product_photos', 'orders'] as const;

/**
 * Every document of the shop as plain JSON (photo bytes left out, their hash stays), so two
 * snapshots are equal only when nothing at all was written in between.
 */
export async function snapshot(test: TestApp): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    COLLECTIONS.map(async (name) => {
      const projection = name === 'product_photos' ? { data: 0 } : {};
      const docs = await test.connection
        .collection(name)
        .find({}, { projection })
        .sort({ _id: 1 })
        .toArray();
      return [name, JSON.parse(JSON.stringify(docs)) as unknown[]] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export interface ProductRow {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  /** Paise. */
  price: number;
  quantity: number;
  category: Types.ObjectId;
  photoHash: string | null;
  updatedAt: Date;
}

export async function productRow(test: TestApp, id: string): Promise<ProductRow> {
  const row = await test.connection
    .collection<ProductRow>('products')
    .findOne({ _id: new Types.ObjectId(id) });
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

export async function stockOf(test: TestApp, id: string): Promise<number> {
  return (await productRow(test, id)).quantity;
}

/** Some seeded product with at least `minStock` units and a photo. */
export async function stockedProduct(test: TestApp, minStock: number): Promise<ProductRow> {
  const row = await test.connection
    .collection<ProductRow>('products')
    .findOne({ quantity: { $gte: minStock }, photoHash: { $ne: null } }, { sort: { _id: 1 } });
  if (!row) throw new Error(`no seeded product with ${minStock} in stock`);
  return row;
}

/** New shoppers made through the service (no rate limit), signed in over HTTP. */
export async function newShoppers(test: TestApp, count: number, tag: string): Promise<Session[]> {
  const users = test.app.get(UsersService);
  const sessions: Session[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${tag}-${index}-${Date.now()}@example.in`;
    await users.create({
      name: `Shopper ${tag} ${index}`,
      email,
      password: 'secret123',
      phone: '+91 90000 00000',
      address: `${index + 1} Park Street, Kolkata 700016`,
      answer: 'cricket',
    });
    sessions.push(await login(test, email, 'secret123'));
  }
  return sessions;
}
