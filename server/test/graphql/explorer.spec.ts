import { describe, expect, it } from 'vitest';
import { useTestShop } from '../support/test-app';

describe('GraphQL explorer at /graphql-explorer', () => {
  const shop = useTestShop();

  it('serves its page pointed at /graphql, and every script and style from the app itself', async () => {
    const page = await shop.http().get('/graphql-explorer/').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/graphql');
    // Nothing may come from another host: the explorer must work offline.
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = asset.startsWith('/') ? asset : `/graphql-explorer/${asset}`;
      const response = await shop.http().get(url);
      expect(response.status, url).toBe(200);
    }
  });

  it('sends a browser that opens /graphql to the explorer', async () => {
    const response = await shop
      .http()
      .get('/graphql')
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/graphql-explorer/');
  });

  it('still answers a GET query from an API client at /graphql', async () => {
    const response = await shop
      .http()
      .get('/graphql')
      .query({ query: '{ categories { id } }' })
      .set('Accept', 'application/json')
      .set('apollo-require-preflight', 'true');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ categories: [] });
  });
});
