import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { webhookSignature } from '../common/webhook-signature';
import { APP_CONFIG, AppConfig } from '../config/config';
import { gatewayId } from './gateway-ids';

/** A webhook's body in Razorpay's shape. */
export interface DemoEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: Record<string, { entity: object }>;
  created_at: number;
}

/** How webhooks go out; the control API changes it for tests (README, "The demo gateway"). */
export interface WebhookBehaviour {
  /** Each delivery waits this long first. */
  delayMs: number;
  /** Each event is delivered twice, with the same event id. */
  repeat: boolean;
  /** Events are held, and sent newest first when flushed. */
  reorder: boolean;
  /** Events are never sent: the webhook that never comes. */
  drop: boolean;
}

const AS_GIVEN: WebhookBehaviour = { delayMs: 0, repeat: false, reorder: false, drop: false };

/** Waits before each new try of a delivery that was not answered 2xx; then it is given up. */
export const RETRY_DELAYS_MS = [250, 1000, 4000];
/** How long the shop may take to answer one delivery. */
const DELIVERY_TIMEOUT_MS = 5000;

/** The account the demo gateway's events name, as Razorpay names the merchant's. */
const ACCOUNT_ID = 'acc_DemoGateway001';

/**
 * Signs and sends the demo gateway's webhooks to the shop, in the background: the payer's
 * request that caused one never waits for it, and a shop that is down or answers an error is
 * tried again a few times, then given up with a warning, never an error thrown at anyone.
 */
@Injectable()
export class DemoWebhooks implements OnModuleDestroy {
  private readonly logger = new Logger('DemoGateway');
  private behaviour: WebhookBehaviour = { ...AS_GIVEN };
  private held: { id: string; body: string }[] = [];
  private dropped = 0;
  private readonly stopping = new AbortController();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  event(name: string, payload: DemoEvent['payload']): void {
    const event: DemoEvent = {
      entity: 'event',
      account_id: ACCOUNT_ID,
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    };
    const delivery = { id: gatewayId('evt'), body: JSON.stringify(event) };
    if (this.behaviour.drop) this.dropped += 1;
    else if (this.behaviour.reorder) this.held.push(delivery);
    else this.send(delivery);
  }

  state() {
    return { ...this.behaviour, held: this.held.length, dropped: this.dropped };
  }

  change(change: Partial<WebhookBehaviour>): void {
    this.behaviour = { ...this.behaviour, ...change };
  }

  /** Sends the held events, newest first; answers how many. */
  flush(): number {
    const held = this.held.reverse();
    this.held = [];
    for (const delivery of held) this.send(delivery);
    return held.length;
  }

  /** Back to sending each event once, at once; held events are forgotten. */
  reset(): void {
    this.behaviour = { ...AS_GIVEN };
    this.held = [];
    this.dropped = 0;
  }

  onModuleDestroy(): void {
    this.stopping.abort();
  }

  private send(delivery: { id: string; body: string }): void {
    const times = this.behaviour.repeat ? 2 : 1;
    const delayMs = this.behaviour.delayMs;
    for (let time = 0; time < times; time += 1) {
      this.deliver(delivery, delayMs).catch((error: unknown) => {
        if (!this.stopping.signal.aborted) this.logger.warn(`Webhook ${delivery.id}: ${error}`);
      });
    }
  }

  private async deliver({ id, body }: { id: string; body: string }, delayMs: number) {
    const signal = this.stopping.signal;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal });
    const url = this.config.demoGateway!.webhookUrl;
    const signature = webhookSignature(body, this.config.paymentGateway.webhookSecret);
    let last = '';
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1], undefined, { signal });
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': signature,
            'X-Razorpay-Event-Id': id,
            'User-Agent': 'Razorpay-Webhook/v1 (demo gateway)',
          },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        last = `answered ${response.status}`;
      } catch (error) {
        if (signal.aborted) return;
        last = (error as Error).message;
      }
    }
    this.logger.warn(
      `Webhook ${id} to ${url} given up after ${RETRY_DELAYS_MS.length + 1} tries: ${last}`,
    );
  }
}
