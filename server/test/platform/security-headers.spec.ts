import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderProductImage } from '../../src/seed/product-image';
import { newProduct } from '../support/fixtures';
import { useTestShop } from '../support/test-app';

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(response: Response): Map<string, string[]> {
  const header = response.headers['content-security-policy'] as string | undefined;
  expect(header, 'Content-Security-Policy').toBeDefined();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The shop's page policy: nothing foreign, no inline or eval'd script, never framed. */
function expectShopHeaders(response: Response): void {
  const policy = directives(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  for (const [name, sources] of policy) {
    for (const source of sources) {
      expect(source, name).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
    }
    if (sources.includes("'unsafe-inline'")) expect(name).toBe('style-src');
  }
  expectCommonHeaders(response);
}

function expectCommonHeaders(response: Response): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
  // Plain HTTP here: HSTS would mean nothing, and is only sent over TLS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

/** Script tags with a body: the CSP refuses them, so no page of ours may have one. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes, body]) => !/\bsrc=/.test(attributes) && body.trim() !== '',
  );

/** A stand-in for the built storefront, so the HTML page and its assets are served. */
function storefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("shop")');
  return dir;
}

describe('security headers on every kind of answer', () => {
  const clientDir = storefrontBuild();
  const shop = useTestShop({ env: { CLIENT_DIR: clientDir }, seed: true });
  let photoPath: string;

  beforeAll(async () => {
    const lamp = await newProduct(shop, shop.admin, {
      name: 'Header Test Lamp',
      photo: await renderProductImage({ name: 'Header Test Lamp' }),
    });
    photoPath = `/api/v1/product/product-photo/${lamp._id}`;
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  const pages: [kind: string, path: string, status: number, type: RegExp][] = [
    ['storefront home page', '/', 200, /text\/html/],
    ['storefront deep link', '/dashboard/user/orders', 200, /text\/html/],
    ['storefront page not found', '/product/no-such-product', 404, /text\/html/],
    ['robots.txt', '/robots.txt', 200, /text\/plain/],
    ['sitemap', '/sitemap.xml', 200, /application\/xml/],
    ['storefront asset', '/assets/index-abc123.js', 200, /javascript/],
    ['REST JSON', '/api/v1/category/get-category', 200, /application\/json/],
    ['REST error', '/api/v1/product/get-product/no-such-product', 404, /application\/json/],
    ['unknown API path', '/api/v1/no-such-route', 404, /application\/json/],
    ['Swagger UI', '/api/docs', 200, /text\/html/],
    ['OpenAPI document', '/api/docs/openapi.json', 200, /application\/json/],
    ['GraphQL explorer', '/graphql-explorer/', 200, /text\/html/],
    ['GraphQL explorer start-up script', '/graphql-explorer/explorer-init.js', 200, /javascript/],
    ['health probe', '/healthz', 200, /application\/json/],
  ];

  it.each(pages)('%s (%s)', async (_kind, path, status, type) => {
    const response = await shop.http().get(path).set('Accept', 'text/html,*/*');
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(type);
    expectShopHeaders(response);
  });

  it('GraphQL answers, success and error alike', async () => {
    const ok = await shop.http().post('/graphql').send({ query: '{ categories { id } }' });
    expect(ok.status).toBe(200);
    expectShopHeaders(ok);
    const bad = await shop.http().post('/graphql').send({ query: '{ nope }' });
    expect(bad.status).toBe(400);
    expectShopHeaders(bad);
  });

  it('a REST error from a signed-in route', async () => {
    const response = await shop.http().get('/api/v1/auth/user-auth').expect(401);
    expectShopHeaders(response);
  });

  it('serves a photo with its sniffed type, nosniff and a sandboxing policy', async () => {
    const response = await shop.http().get(photoPath).expect(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expectCommonHeaders(response);
    const revalidated = await shop
      .http()
      .get(photoPath)
      .set('If-None-Match', response.headers.etag)
      .expect(304);
    expect(revalidated.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('serves Swagger UI and the explorer without any inline script', async () => {
    for (const path of ['/api/docs', '/graphql-explorer/']) {
      const page = await shop.http().get(path).expect(200);
      expect(inlineScripts(page.text), path).toEqual([]);
    }
  });

  it('starts the explorer from a script file pointed at /graphql', async () => {
    const page = await shop.http().get('/graphql-explorer/').expect(200);
    expect(page.text).toMatch(/<script[^>]+src="explorer-init\.js"/);
    const script = await shop.http().get('/graphql-explorer/explorer-init.js').expect(200);
    expect(script.text).toMatch(/AltairGraphQL\.init\(\{\s*endpointURL: `\/graphql`/);
  });

  it('sends no HSTS when a client merely claims HTTPS without a trusted proxy', async () => {
    const response = await shop.http().get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a TLS-terminating proxy', () => {
  const shop = useTestShop({ env: { TRUST_PROXY: 'true' } });

  it('is sent when the trusted proxy says the request came over HTTPS', async () => {
    const response = await shop.http().get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=15552000; includeSubDomains',
    );
  });

  it('is not sent for plain HTTP', async () => {
    const response = await shop.http().get('/healthz').set('X-Forwarded-Proto', 'http');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on errors too', async () => {
    const response = await shop
      .http()
      .post('/api/v1/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({});
    expect(response.status).toBe(400);
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
