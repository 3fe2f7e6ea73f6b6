import type { ServerResponse } from 'node:http';
import type { mongo } from 'mongoose';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { ObservedRequest, routeOf } from './http-route';

/** Checkout outcomes as OrdersService decides them. */
const CHECKOUT_OUTCOMES = [
  'paid',
  'awaiting_payment',
  'cash_on_delivery',
  'declined',
  'out_of_stock',
  'coupon_refused',
  'too_many_declines',
] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** GraphQL outcomes: answered without errors, answered with errors, or not run at all. */
export type { GraphqlOutcome } from './http-route';

/** Seconds; from a cached answer (a few ms) to a checkout on a slow card processor. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DATABASE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Operation names come from clients: past this many, new ones are counted as `other`. */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

/** Commands the driver sends to keep its connections, not the shop's queries. */
const DRIVER_COMMANDS = new Set(['hello', 'ismaster', 'isMaster', 'saslStart', 'saslContinue']);

/**
 * The shop's Prometheus metrics, in a registry of its own per application (tests run several
 * in one process). README, "Operations", says what each means and what to watch.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency, and rate from _count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphql = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations by operation name, type and outcome (success, error, refused)',
    labelNames: ['operation', 'type', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly checkouts = new Counter({
    name: 'shop_checkouts_total',
    help: 'Checkouts by outcome: paid, declined, out_of_stock, too_many_declines',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly database = new Histogram({
    name: 'mongodb_command_duration_seconds',
    help: 'Database commands by collection, command and outcome (succeeded, failed)',
    labelNames: ['collection', 'command', 'outcome'] as const,
    buckets: DATABASE_BUCKETS,
    registers: [this.registry],
  });
  private readonly operationNames = new Set<string>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Every outcome from the start, so a rate over a series that has not happened yet is 0.
    for (const outcome of CHECKOUT_OUTCOMES) this.checkouts.inc({ outcome }, 0);
  }

  /** Times every request from its arrival to the end of its answer. */
  readonly observeRequests = (
    request: ObservedRequest & { body?: unknown },
    response: ServerResponse,
    next: () => void,
  ): void => {
    const end = this.http.startTimer();
    response.once('finish', () => {
      const route = routeOf(request);
      const status = String(response.statusCode);
      const seconds = end({ method: request.method, route, status });
      if (route === '/graphql') this.observeGraphql(request, response, seconds);
    });
    next();
  };

  checkout(outcome: CheckoutOutcome): void {
    this.checkouts.inc({ outcome });
  }

  /**
   * Counted with the HTTP request, so the answers sent from the stored catalogue answers
   * before Apollo runs (graphql/cached-responses.ts) count too: they name their operation
   * only in the body they were asked with.
   */
  private observeGraphql(
    request: ObservedRequest & { body?: unknown },
    response: ServerResponse,
    seconds: number,
  ): void {
    const asked = (request.body as { operationName?: unknown } | undefined)?.operationName;
    const name = request.graphqlOperation ?? (typeof asked === 'string' ? asked : 'anonymous');
    const outcome = request.graphqlOutcome ?? (response.statusCode === 200 ? 'success' : 'refused');
    this.graphql.observe(
      {
        operation: this.operationLabel(name),
        type: request.graphqlOperationType ?? 'query',
        outcome,
      },
      seconds,
    );
  }

  private operationLabel(name: string): string {
    if (name === 'anonymous' || this.operationNames.has(name)) return name;
    if (!OPERATION_NAME.test(name) || this.operationNames.size >= MAX_OPERATION_NAMES) {
      return 'other';
    }
    this.operationNames.add(name);
    return name;
  }

  /** Times each command the driver sends, through its command monitoring events. */
  watchDatabase(client: mongo.MongoClient): void {
    const started = new Map<number, { collection: string; command: string }>();
    client.on('commandStarted', (event: mongo.CommandStartedEvent) => {
      if (DRIVER_COMMANDS.has(event.commandName)) return;
      // getMore names its cursor where other commands name their collection.
      const target = (
        event.commandName === 'getMore'
          ? event.command.collection
          : event.command[event.commandName]
      ) as unknown;
      started.set(event.requestId, {
        command: event.commandName,
        collection: typeof target === 'string' ? target : 'none',
      });
    });
    const finished =
      (outcome: 'succeeded' | 'failed') =>
      (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent) => {
        const command = started.get(event.requestId);
        if (!command) return;
        started.delete(event.requestId);
        this.database.observe({ ...command, outcome }, event.duration / 1000);
      };
    client.on('commandSucceeded', finished('succeeded'));
    client.on('commandFailed', finished('failed'));
  }
}
