import { afterAll, beforeAll } from 'vitest';
import { OutboxWorker } from '../../src/notifications';
import type { TestApp } from './test-app';
import { startMailpit } from './mailpit';
import type { RunningMailpit } from './mailpit';

/** The outbox looks often and tries again soon, so a test waits in tenths of a second. */
export const QUICK_OUTBOX = {
  OUTBOX_POLL_MS: '100',
  OUTBOX_FIRST_RETRY_MS: '100',
  DEMO_GATEWAY_REFUND_DELAY_MS: '100',
};

/** A Mailpit for the suite, started before its shops, whose SMTP address their settings take. */
export function useMailpit(env: Record<string, string>): () => RunningMailpit {
  let mailpit: RunningMailpit | undefined;
  beforeAll(async () => {
    mailpit = await startMailpit();
    env.SMTP_URL = mailpit.smtpUrl;
  });
  afterAll(async () => {
    await mailpit?.stop();
  });
  return () => mailpit!;
}

/** Three rounds of the outbox's worker, each awaited: every message owed so far has been tried. */
export async function outboxRounds(shop: TestApp): Promise<void> {
  for (let round = 0; round < 3; round += 1) await shop.app.get(OutboxWorker).runRound();
}
