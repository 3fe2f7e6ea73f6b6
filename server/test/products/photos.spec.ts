import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/seed/demo-catalog';
import { renderProductImage } from '../../src/seed/product-image';
import { missingId } from '../support/fixtures';
import { useTestShop } from '../support/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('REST product photos: /api/v1/product/product-photo/:id', () => {
  const shop = useTestShop({ seed: true });
  let productId: string;
  let photoHash: string;
  const demoIndex = 0;
  const demo = demoProducts[demoIndex];

  beforeAll(async () => {
    const all = await shop.http().get('/api/v1/product/get-product').expect(200);
    const product = all.body.products.find((p: { name: string }) => p.name === demo.name);
    productId = product._id;
    photoHash = product.photoHash;
  });

  const photo = (id = productId) => shop.http().get(`/api/v1/product/product-photo/${id}`);

  it("serves the product's picture as image/png with an ETag and a revalidating Cache-Control", async () => {
    const response = await photo().expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Buffer.isBuffer(response.body)).toBe(true);
    const expected = await renderProductImage(demo);
    expect(Buffer.compare(response.body, expected)).toBe(0);
    expect(Number(response.headers['content-length'])).toBe(expected.length);
    expect(response.headers.etag).toBe(`"${sha256(expected)}"`);
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('gives each product its own picture', async () => {
    const all = await shop.http().get('/api/v1/product/get-product').expect(200);
    const other = all.body.products.find((p: { name: string }) => p.name === demoProducts[1].name);
    const response = await photo(other._id).expect(200);
    expect(Buffer.compare(response.body, await renderProductImage(demoProducts[1]))).toBe(0);
    expect(response.headers.etag).not.toBe(`"${photoHash}"`);
  });

  it('names the photo by the same hash the product lists carry', async () => {
    const response = await photo().expect(200);
    expect(response.headers.etag).toBe(`"${photoHash}"`);
  });

  it('answers 304 with no body when If-None-Match carries the current ETag', async () => {
    const first = await photo().expect(200);
    const response = await photo().set('If-None-Match', first.headers.etag).expect(304);
    expect(response.headers.etag).toBe(first.headers.etag);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.body).toEqual({});
    expect(response.text ?? '').toBe('');
  });

  it('answers 304 when the current ETag is one of several in If-None-Match', async () => {
    const first = await photo().expect(200);
    await photo().set('If-None-Match', `"some-older-photo", ${first.headers.etag}`).expect(304);
  });

  it('sends the picture again when If-None-Match carries an old ETag', async () => {
    const response = await photo().set('If-None-Match', '"an-older-photo"').expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body.length).toBeGreaterThan(0);
  });

  it('lets a URL versioned by the photo hash (?v=) be cached for good', async () => {
    const response = await shop
      .http()
      .get(`/api/v1/product/product-photo/${productId}?v=${photoHash}`)
      .expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('does not cache for good a URL carrying a stale version', async () => {
    const response = await shop
      .http()
      .get(`/api/v1/product/product-photo/${productId}?v=${'0'.repeat(64)}`)
      .expect(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('answers 400 for an id that is not an id and 404 for an unknown product', async () => {
    const invalid = await photo('not-an-id').expect(400);
    expect(invalid.body).toEqual({ success: false, message: expect.any(String) });
    const unknown = await photo(missingId()).expect(404);
    expect(unknown.body).toEqual({ success: false, message: expect.any(String) });
  });
});
