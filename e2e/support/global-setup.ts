import type { TestProject } from 'vitest/node';
import { RunningShop, startBuiltShop } from '../../scripts/shop-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let shop: RunningShop | undefined;

/**
 * The built shop (`npm run build` first) on a free port, with a fresh embedded database
 * seeded with the demo data, as `npm start` runs it but with NODE_ENV=test, so that it
 * leaves schema.graphql alone (see scripts/shop-server.mjs).
 */
export async function setup(project: TestProject): Promise<void> {
  shop = await startBuiltShop({ REGISTRATIONS_PER_ADDRESS: '1000' });
  project.provide('baseUrl', shop.baseUrl);
}

export async function teardown(): Promise<void> {
  await shop?.stop();
}
