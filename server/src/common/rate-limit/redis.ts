import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS_ANSWER_MS } from './redis-breaker';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

const logger = new Logger('Redis');

/**
 * The connection the shared counters use. It reconnects on its own; a command is never held
 * for later: while the connection is down it fails at once (no offline queue, no retry on the
 * next connection), and one unanswered fails after REDIS_ANSWER_MS, so the counters turn to
 * this process's memory (redis-breaker.ts) instead of piling up commands until Redis is back.
 */
export function connectRedis(url: string): Redis {
  const client = new Redis(url, {
    connectionName: 'shop',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_ANSWER_MS,
    // A host that does not answer is tried again within a second or two, not after 10 s.
    connectTimeout: 1_000,
  });
  // The breaker logs the outage once each way; each failed reconnection only at debug level.
  client.on('error', (error: Error) => logger.debug(`Redis connection: ${error.message}`));
  return client;
}
