import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import pino, { DestinationStream, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import pretty from 'pino-pretty';
import type { AppConfig } from '../config/config';
import { ObservedRequest, pathOf, routeOf } from './http-route';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const PROBES = new Set(['/healthz', '/readyz']);

/** What a proxy or client may send as a request id; anything else is replaced by our own. */
const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Fields that hold a secret wherever they appear in a logged object: tokens, passwords, the
 * security answer and card details. Requests and answers are logged through the serializers
 * below, which keep no headers and no bodies; these catch what code logs on its own.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'password',
  'newPassword',
  'answer',
  'card',
  'number',
  'cvv',
  'expiry',
]);
const REDACTED = '[redacted]';
/** How deep into a logged object secrets are looked for (a field of a field of a field ...). */
const SECRETS_DEPTH = 4;

/**
 * `value` with every secret field's value replaced by REDACTED, down to SECRETS_DEPTH levels;
 * the same object when it holds none, so a line without secrets costs a look at its keys.
 *
 * The shop's own, rather than pino's `redact`: its paths must start with a wildcard to catch a
 * field wherever it is, and pino then runs its redaction (which parses every path again each
 * time) on every value of every line: about a sixth of a simple request's time.
 */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth >= SECRETS_DEPTH) return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  // Its message and stack kept (JSON would drop them), and its own fields looked at.
  if (value instanceof Error) return withoutSecrets(pino.stdSerializers.err(value), depth) as T;
  // What JSON writes of it (a stored document's fields, an id's hex), not its insides.
  const { toJSON } = value as { toJSON?: unknown };
  if (typeof toJSON === 'function') {
    const json: unknown = toJSON.call(value);
    return (json === value ? value : withoutSecrets(json, depth + 1)) as T;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, at) => {
      const hidden = withoutSecrets(item, depth + 1);
      if (hidden !== item) (copy ??= [...value])[at] = hidden;
    });
    return (copy ?? value) as T;
  }
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(fields)) {
    const hidden = SECRET_FIELDS.has(key) ? REDACTED : withoutSecrets(field, depth + 1);
    if (hidden !== field) (copy ??= { ...fields })[key] = hidden;
  }
  return (copy ?? value) as T;
}

/** The shop's logger: JSON lines, or readable lines for a person in development. */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logs.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line's fields; a child logger's (the request id) are the shop's own.
    formatters: { log: (fields) => withoutSecrets(fields) },
  };
  if (destination) return pino(options, destination);
  if (config.logs.format === 'pretty') {
    return pino(options, pretty({ colorize: true, ignore: 'pid,hostname', singleLine: true }));
  }
  return pino(options);
}

function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** A serialiser for what the request lines never show (requestFields says what they do). */
const leftOut = () => undefined;

/** One line per request when it is answered, with its id on every line logged meanwhile. */
export function httpLogger(root: Logger) {
  return pinoHttp<ObservedRequest, ServerResponse>({
    logger: root,
    genReqId: requestIdOf,
    // Lines logged while a request runs carry its id alone, not the whole request.
    quietReqLogger: true,
    quietResLogger: true,
    // pino-http still makes a logger bound to the whole request for every request, which
    // nothing here logs with. Serialising and redacting that request took about 0.1 ms a
    // request, a third of a product read's time; its serialiser now leaves it out at once.
    wrapSerializers: false,
    serializers: { req: leftOut, res: leftOut, err: pino.stdSerializers.err },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'latencyMs' },
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      // A load balancer asks every few seconds: only a failing probe is news.
      return PROBES.has(routeOf(request)) && response.statusCode < 400 ? 'debug' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (request, response, value: { latencyMs: number }) =>
      requestFields(request, response, value.latencyMs),
    customErrorObject: (request, response, error, value: { latencyMs: number }) => ({
      ...requestFields(request, response, value.latencyMs),
      err: error,
    }),
  });
}

function requestFields(request: ObservedRequest, response: ServerResponse, latencyMs: number) {
  return {
    method: request.method,
    route: routeOf(request),
    path: pathOf(request),
    ...(request.graphqlOperation && { operation: request.graphqlOperation }),
    status: response.statusCode,
    latencyMs,
  };
}
