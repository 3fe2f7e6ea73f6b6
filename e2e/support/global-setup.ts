import type { TestProject } from 'vitest/node';
import { RunningShop, startBuiltShop } from '../../scripts/shop-server.mjs';
import { JOURNEYS_AT_ONCE } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

let shops: RunningShop[] = [];

/**
 * One built shop (`npm run build` first) per worker, each on a free port with a fresh embedded
 * database seeded with the demo data, as `npm start` runs it but with NODE_ENV=test, so that it
 * leaves schema.graphql alone (see scripts/shop-server.mjs). A worker runs its files one after
 * another on its own shop, so two journeys at once never see each other's orders, stock or
 * catalogue changes.
 */
export async function setup(project: TestProject): Promise<void> {
  const start = () => startBuiltShop({ REGISTRATIONS_PER_ADDRESS: '1000' });
  // The first shop resizes the demo pictures if no shop has yet; the others reuse them.
  shops = [await start()];
  shops.push(...(await Promise.all(Array.from({ length: JOURNEYS_AT_ONCE - 1 }, start))));
  project.provide(
    'baseUrls',
    shops.map((shop) => shop.baseUrl),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(shops.map((shop) => shop.stop()));
}
