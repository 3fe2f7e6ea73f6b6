import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication, LoggerService } from '@nestjs/common';
import type { AppConfig } from './config/config';
import { Draining } from './health/draining';

/**
 * Counts the requests under way on `server`, and from the start of a shutdown asks every
 * client to close its connection after its answer, so kept-alive connections end with them.
 */
export function trackRequests(server: Server, draining: Draining): () => number {
  let running = 0;
  server.on('request', (_request, response) => {
    running += 1;
    if (draining.active && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => (running -= 1));
  });
  return () => running;
}

/**
 * Stops the shop without cutting off a request: /readyz turns 503 at once, new connections are
 * still taken for `delayMs` (a load balancer polling /readyz stops sending meanwhile), then the
 * listener closes and the requests under way get up to `graceMs` to finish before the rest are
 * cut. Only then does the app close, and the database connection with it.
 */
export async function shutDown(
  app: INestApplication,
  config: AppConfig,
  logger: LoggerService,
  running: () => number,
): Promise<void> {
  app.get(Draining).begin();
  const { delayMs, graceMs } = config.shutdown;
  logger.log(`Draining: /readyz answers 503; new connections taken for another ${delayMs} ms`);
  await sleep(delayMs);

  const server = app.getHttpServer() as Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Connections kept alive between requests would hold the listener open until they time out.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  logger.log(`Stopped taking connections; waiting up to ${graceMs} ms for ${running()} requests`);
  const finished = await Promise.race([closed.then(() => true), sleep(graceMs).then(() => false)]);
  clearInterval(idle);
  if (!finished) {
    logger.warn(`${running()} requests still running after ${graceMs} ms: cutting them off`);
    server.closeAllConnections();
    await closed;
  }
  logger.log('Requests finished; closing the database connection');
  await app.close();
}
