import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from '../support/test-app';

/**
 * Every REST call the storefront and the dashboard make (the shop's original API), plus the
 * checkout and the admin's order calls: the ones API users are promised documentation of.
 */
const REST_CALLS: [method: string, path: string, signedIn: boolean][] = [
  ['get', '/api/v1/category/get-category', false],
  ['post', '/api/v1/category/create-category', true],
  ['put', '/api/v1/category/update-category/{id}', true],
  ['delete', '/api/v1/category/delete-category/{id}', true],
  ['get', '/api/v1/product/product-list/{page}', false],
  ['get', '/api/v1/product/product-count', false],
  ['post', '/api/v1/product/product-filters', false],
  ['get', '/api/v1/product/search/{keyword}', false],
  ['get', '/api/v1/product/product-photo/{id}', false],
  ['post', '/api/v1/product/create-product', true],
  ['get', '/api/v1/product/get-product', false],
  ['get', '/api/v1/product/get-product/{slug}', false],
  ['put', '/api/v1/product/update-product/{id}', true],
  ['delete', '/api/v1/product/delete-product/{id}', true],
  ['post', '/api/v1/auth/register', false],
  ['post', '/api/v1/auth/login', false],
  ['post', '/api/v1/auth/forgot-password', false],
  ['get', '/api/v1/auth/user-auth', true],
  ['get', '/api/v1/auth/admin-auth', true],
  ['get', '/api/v1/auth/orders', true],
  ['put', '/api/v1/auth/profile', true],
  ['get', '/api/v1/auth/all-orders', true],
  ['put', '/api/v1/auth/order-status/{orderId}', true],
  ['post', '/api/v1/product/checkout', true],
  ['get', '/api/v1/order/export.csv', true],
  ['get', '/api/v1/product/export.csv', true],
  ['get', '/api/v1/product/import-sample.csv', false],
];

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { $ref?: string }; encoding?: unknown }> };
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    schemas: Record<string, { properties: Record<string, { type?: string; format?: string }> }>;
  };
}

describe('API docs: /api/docs', () => {
  const shop = useTestShop();
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await shop.http().get('/api/docs/openapi.json').expect(200)).body;
  });

  it('serves the Swagger UI page', async () => {
    const response = await shop.http().get('/api/docs').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<div id="swagger-ui"></div>');
  });

  it('loads the UI scripts and styles from the shop itself, not from a CDN', async () => {
    const page = await shop.http().get('/api/docs').expect(200);
    const assets = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1],
    );
    const scripts = assets.filter((asset) => asset.endsWith('.js'));
    const styles = assets.filter((asset) => asset.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);

    for (const asset of [...scripts, ...styles]) {
      const path = new URL(asset, 'http://shop.test/api/docs').pathname;
      const response = await shop.http().get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(
        asset.endsWith('.js') ? /javascript/ : /text\/css/,
      );
    }
  });

  it('serves the OpenAPI document as JSON', async () => {
    const response = await shop.http().get('/api/docs/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.openapi).toMatch(/^3\./);
  });

  it('lists every REST call with its method', () => {
    for (const [method, path] of REST_CALLS) {
      expect(document.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
  });

  it('describes the bearer token scheme and asks for it on signed-in calls only', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [method, path, signedIn] of REST_CALLS) {
      const security = document.paths[path][method].security ?? [];
      const label = `${method.toUpperCase()} ${path}`;
      if (signedIn) expect(security, label).toContainEqual({ bearer: [] });
      else expect(security, label).toEqual([]);
    }
  });

  it('describes the product form as multipart with a binary photo field', () => {
    for (const [method, path] of [
      ['post', '/api/v1/product/create-product'],
      ['put', '/api/v1/product/update-product/{id}'],
    ]) {
      const content = document.paths[path][method].requestBody?.content ?? {};
      const ref = content['multipart/form-data']?.schema.$ref;
      expect(ref, path).toBeDefined();
      const schema = document.components.schemas[ref!.split('/').pop()!];
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining([
          'name',
          'description',
          'price',
          'quantity',
          'category',
          'shipping',
        ]),
      );
      expect(schema.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
      // The photo part's types, so that clients and the contract fuzz send images there.
      expect(content['multipart/form-data'].encoding).toEqual({
        photo: { contentType: 'image/jpeg, image/png, image/webp, image/gif' },
      });
    }
  });
});
