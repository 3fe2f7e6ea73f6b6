import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

const logger = new Logger('Redis');

/**
 * The connection the shared counters use. It reconnects on its own; while it is down the
 * counters fall back to this process (rate-limit.store.ts), so a lost connection is logged once
 * and its return once, not at every retry.
 */
export function connectRedis(url: string): Redis {
  const client = new Redis(url, { connectionName: 'shop', maxRetriesPerRequest: 2 });
  let reachable = true;
  client.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    logger.warn(
      `Redis unreachable, counting limits in this process until it is back: ${error.message}`,
    );
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    logger.log('Redis reachable again: limits are shared across instances');
  });
  return client;
}
