import { beforeAll, describe, expect, it } from 'vitest';
import { useTestShop } from '../support/test-app';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

interface ResponseObject {
  description: string;
  content?: Record<string, { schema: Schema }>;
}

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** The statuses whose body is `{ success: false, message }`. */
const ERROR_STATUSES = ['400', '401', '403', '404', '409', '413', '429'];

/** Statuses that follow from what a call does, beyond 400/413 (every call) and its guard. */
const EXPECTED: [method: string, path: string, statuses: string[]][] = [
  ['post', '/api/v1/auth/register', ['409', '429']],
  ['post', '/api/v1/auth/login', ['401', '429']],
  ['post', '/api/v1/auth/forgot-password', ['429']],
  ['post', '/api/v1/category/create-category', ['401', '403', '409']],
  ['put', '/api/v1/category/update-category/{id}', ['401', '403', '404', '409']],
  ['delete', '/api/v1/category/delete-category/{id}', ['401', '403', '404', '409']],
  ['get', '/api/v1/product/product-photo/{id}', ['304', '404']],
  ['get', '/api/v1/product/get-product/{slug}', ['404']],
  ['put', '/api/v1/product/update-product/{id}', ['401', '403', '404']],
  ['delete', '/api/v1/product/delete-product/{id}', ['401', '403', '404']],
  ['get', '/api/v1/product/related-product/{pid}/{cid}', ['404']],
  ['put', '/api/v1/auth/order-status/{orderId}', ['401', '403', '404']],
  ['post', '/api/v1/product/checkout', ['401', '402', '409', '429']],
  ['get', '/api/v1/order/export.csv', ['401', '403']],
  ['get', '/api/v1/product/export.csv', ['401', '403']],
  ['post', '/api/v1/auth/addresses', ['401', '409']],
  ['put', '/api/v1/auth/addresses/{id}', ['401', '404', '409']],
  ['delete', '/api/v1/auth/addresses/{id}', ['401', '404', '409']],
  ['put', '/api/v1/auth/addresses/{id}/default', ['401', '404', '409']],
  ['get', '/readyz', ['503']],
];

describe('OpenAPI document: every answer a call can give', () => {
  const shop = useTestShop();
  let document: OpenApiDocument;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  const schemaOf = (schema: Schema) =>
    schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;

  beforeAll(async () => {
    document = (await shop.http().get('/api/docs/openapi.json').expect(200)).body;
  });

  it('describes the error body once: { success: false, message }', () => {
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { enum: [false] }, message: { type: 'string' } },
    });
  });

  it('has every call answer 400 and 413 (body parsing runs first) with the error body', () => {
    expect(operations().length).toBeGreaterThan(20);
    for (const { path, method, operation } of operations()) {
      for (const status of ['400', '413']) {
        expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('declares the successful answer of every call with the shape of its body', () => {
    for (const { path, method, operation } of operations()) {
      const successes = Object.entries(operation.responses).filter(([status]) =>
        /^2\d\d$/.test(status),
      );
      expect(successes.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        const content = Object.values(response.content ?? {});
        expect(content.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const { schema } of content) expect(schema.type, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('gives every declared error status the error body as JSON', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!ERROR_STATUSES.includes(status)) continue;
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/ErrorBody');
        expect(response.description.trim(), `${method} ${path} ${status}`).not.toBe('');
      }
    }
  });

  it('declares 401 on every call that asks for a token, and 403 on the admin ones', () => {
    for (const { path, method, operation } of operations()) {
      const signedIn = (operation.security ?? []).some((entry) => 'bearer' in entry);
      if (signedIn) expect(operation.responses['401'], `${method} ${path}`).toBeDefined();
      if (operation.responses['403']) expect(signedIn, `${method} ${path}`).toBe(true);
    }
  });

  it.each(EXPECTED)('%s %s declares %j', (method, path, statuses) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    for (const status of statuses) expect(Object.keys(operation.responses)).toContain(status);
  });

  it('gives every id in a path the ObjectId pattern', () => {
    const ids = operations().flatMap(({ operation }) =>
      (operation.parameters ?? []).filter(
        (parameter) => parameter.in === 'path' && /^(id|pid|cid|orderId)$/.test(parameter.name),
      ),
    );
    expect(ids.length).toBeGreaterThanOrEqual(8);
    for (const parameter of ids) {
      expect(parameter.schema.pattern, parameter.name).toBe('^[0-9a-fA-F]{24}$');
      expect(new RegExp(parameter.schema.pattern!).test('65f1c0ffee65f1c0ffee65f1')).toBe(true);
      expect(new RegExp(parameter.schema.pattern!).test('65f1c0ffee')).toBe(false);
    }
  });

  it('gives id fields of bodies the ObjectId pattern, and e-mail fields the email format', () => {
    const schemas = document.components.schemas;
    expect(schemas.ProductFormDto.properties!.category.pattern).toBe('^[0-9a-fA-F]{24}$');
    expect(schemas.CheckoutLineDto.properties!.productId.pattern).toBe('^[0-9a-fA-F]{24}$');
    for (const name of ['RegisterDto', 'LoginDto', 'ForgotPasswordDto']) {
      expect(schemaOf(schemas[name]).properties!.email.format, name).toBe('email');
    }
  });
});
