import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useShop } from './support/browser';

const clientDist = join(import.meta.dirname, '..', 'client', 'dist');

/**
 * Swagger UI and the GraphQL explorer are third-party pages: they must work under the shop's
 * Content-Security-Policy (useShop fails a test on any CSP violation or console error).
 */
describe('API tools under the Content-Security-Policy', () => {
  const open = useShop();

  it('Swagger UI at /api/docs lists the REST calls and opens one', async () => {
    const page = await open();
    const answer = await page.goto('/api/docs');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    const login = page.locator('.opblock-summary', { hasText: '/api/v1/auth/login' }).first();
    await login.waitFor();
    expect(await page.locator('.opblock-summary-path').count()).toBeGreaterThan(20);
    await login.click();
    await page.locator('.opblock-body').getByText('Request body').first().waitFor();
  });

  it('the GraphQL explorer loads the schema into its docs', async () => {
    const page = await open();
    const answer = await page.goto('/graphql-explorer/');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('button', { name: 'Docs' }).first().click();
    const docs = page.locator('app-doc-viewer');
    await docs.getByText('ROOT TYPES').waitFor();
    await docs.getByText('Query', { exact: true }).first().click();
    await docs.getByText('products', { exact: true }).first().waitFor();
  });
});

describe('the production build', () => {
  it('holds no source maps', () => {
    const files = readdirSync(clientDist, { recursive: true, encoding: 'utf8' });
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  const open = useShop();

  it('answers 404 for the source map of a script the page loads', async () => {
    const page = await open();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.match(/^\/assets\/.+\.js$/)) {
        scripts.push(response.url());
      }
    });
    await page.goto('/');
    await page.getByTestId('product-card').first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect((await page.request.get(script)).status(), script).toBe(200);
      expect((await page.request.get(`${script}.map`)).status(), `${script}.map`).toBe(404);
    }
  });
});
