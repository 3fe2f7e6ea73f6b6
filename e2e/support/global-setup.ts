import type { TestProject } from 'vitest/node';
import { RunningShop, startBuiltShop } from '../../scripts/shop-server.mjs';
import { startMailpit } from '../../server/test/support/mailpit';
import type { RunningMailpit } from '../../server/test/support/mailpit';
import { JOURNEYS_AT_ONCE } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    /** The web address of the Mailpit every shop sends its e-mail to. */
    mailUrl: string;
  }
}

let shops: RunningShop[] = [];
let mailpit: RunningMailpit | undefined;

/**
 * One built shop (`npm run build` first) per worker, each on a free port with a fresh embedded
 * database seeded with the demo data, as `npm start` runs it but with NODE_ENV=test, so that it
 * leaves schema.graphql alone (see scripts/shop-server.mjs). A worker runs its files one after
 * another on its own shop, so two journeys at once never see each other's orders, stock or
 * catalogue changes. Every shop sends its e-mail to one Mailpit, which journeys read (each
 * journey's shoppers have addresses of their own).
 */
export async function setup(project: TestProject): Promise<void> {
  mailpit = await startMailpit();
  const start = () =>
    startBuiltShop({
      REGISTRATIONS_PER_ADDRESS: '1000',
      SMTP_URL: mailpit!.smtpUrl,
      OUTBOX_POLL_MS: '200',
    });
  // The first shop resizes the demo pictures if no shop has yet; the others reuse them.
  shops = [await start()];
  shops.push(...(await Promise.all(Array.from({ length: JOURNEYS_AT_ONCE - 1 }, start))));
  project.provide(
    'baseUrls',
    shops.map((shop) => shop.baseUrl),
  );
  project.provide('mailUrl', mailpit.webUrl);
}

export async function teardown(): Promise<void> {
  await Promise.all(shops.map((shop) => shop.stop()));
  await mailpit?.stop();
}
