import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  newProduct,
  newShopper,
  stockedProduct,
} from '../support/fixtures';
import { codesOf, gql } from '../support/gql';
import { PRODUCTION_ENV, TestApp, useTestShop } from '../support/test-app';
import { freePort } from '../support/ports';

const TOKEN = 'scrape-token-of-the-metrics-test';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, as much of it as these tests read. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples
    .filter((sample) => sample.name === name)
    .filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

async function scrape(shop: TestApp): Promise<Sample[]> {
  const answer = await shop
    .http()
    .get('/metrics')
    .set('Authorization', `Bearer ${TOKEN}`)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done(null, text));
    });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(answer.body as string);
}

describe('metrics in production, behind METRICS_TOKEN', () => {
  const shop = useTestShop({
    env: { ...PRODUCTION_ENV, SEED_DEMO: 'true', METRICS_TOKEN: TOKEN },
    seed: true,
  });

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const request = shop.http().get('/metrics');
      if (authorization) request.set('Authorization', authorization);
      const answer = await request;
      expect(answer.status).toBe(401);
      expect(answer.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts a small journey by route pattern, operation, checkout outcome and collection', async () => {
    const buyer = await newShopper(shop);
    const product = await stockedProduct(shop, 2);
    const line = { productId: String(product._id), quantity: 1 };
    const lastOne = await newProduct(shop, shop.admin, { quantity: 1 });
    await shop.http().get(`/api/v1/product/get-product/${product.slug}`).expect(200);
    const page = await gql(shop, 'query HomeProducts { products(pageSize: 5) { items { id } } }');
    expect(codesOf(page)).toEqual([]);
    expect(codesOf(await gql(shop, 'query Broken { products { ', {}))).toEqual([
      'GRAPHQL_PARSE_FAILED',
    ]);
    await checkout(shop, buyer, [line], { card: APPROVED_CARD }).expect(201);
    await checkout(shop, buyer, [line], { card: DECLINED_CARD }).expect(402);
    await checkout(shop, buyer, [{ productId: lastOne._id, quantity: 2 }]).expect(409);

    const samples = await scrape(shop);
    const http = 'http_request_duration_seconds_count';
    expect(
      valueOf(samples, http, {
        method: 'GET',
        route: '/api/v1/product/get-product/:slug',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, http, { method: 'POST', route: '/api/v1/product/checkout', status: '201' }),
    ).toBeGreaterThanOrEqual(1);
    // Route patterns only: no label carries a product's slug or a raw URL.
    for (const sample of samples) expect(sample.labels.route ?? '').not.toContain(product.slug);
    expect(
      samples.some(
        (s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.le === '0.1',
      ),
    ).toBe(true);

    const graphql = 'graphql_operation_duration_seconds_count';
    expect(
      valueOf(samples, graphql, { operation: 'HomeProducts', type: 'query', outcome: 'success' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, graphql, { outcome: 'refused' })).toBeGreaterThanOrEqual(1);

    const checkouts = 'shop_checkouts_total';
    expect(valueOf(samples, checkouts, { outcome: 'paid' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, checkouts, { outcome: 'declined' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, checkouts, { outcome: 'out_of_stock' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, checkouts, { outcome: 'too_many_declines' })).toBe(0);

    const database = 'mongodb_command_duration_seconds_count';
    expect(
      valueOf(samples, database, { collection: 'orders', command: 'insert', outcome: 'succeeded' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(samples, database, { collection: 'users', outcome: 'succeeded' }),
    ).toBeGreaterThanOrEqual(1);

    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(samples.map((sample) => sample.name)).toContain(name);
    }
  });
});

describe('metrics in production without a token or a port of their own', () => {
  const shop = useTestShop({ env: PRODUCTION_ENV });

  it('are not served at all', async () => {
    const answer = await shop.http().get('/metrics').set('Accept', 'text/plain');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('process_cpu_user_seconds_total');
  });
});

describe('metrics on a port of their own (METRICS_PORT)', () => {
  const env: Record<string, string> = { ...PRODUCTION_ENV };
  const shop = useTestShop({ env });
  // The port is chosen before the shop starts; the env object is read when it does.
  const chosen = freePort().then((port) => (env.METRICS_PORT = String(port)));

  it('serves them there, and not on the shop’s port', async () => {
    const port = await chosen;
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(404);
    expect((await shop.http().get('/metrics').set('Accept', 'text/plain')).status).toBe(404);
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused when shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  });
});
