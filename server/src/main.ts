import './compile-cache';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { createApp } from './app.factory';
import { loadConfig, localUrl } from './config/config';
import { openDatabase } from './database/embedded-database';
import { seededAccountLines } from './seed';
import { shutDown, trackRequests } from './graceful-shutdown';
import { Draining } from './health/draining';
import {
  capHeapGrowth,
  releaseStartUpMemoryLogged,
  YOUNG_GENERATION_FLAG,
  youngGenerationCapped,
} from './heap';

async function main(): Promise<void> {
  const logger = new Logger('Shop');
  const config = loadConfig();
  capHeapGrowth(config.heapGrowthPercent);
  if (!youngGenerationCapped()) {
    logger.warn(
      `node was started without ${YOUNG_GENERATION_FLAG}: the young generation takes V8's ` +
        'size for this machine, about 100 MB more under load (README, "Memory")',
    );
  }
  const database = await openDatabase(config);
  const app = await createApp(config, database.uri);
  logger.log(`Database: ${database.engine}`);
  if (config.host === null) await app.listen(config.port);
  else await app.listen(config.port, config.host);
  const running = trackRequests(app.getHttpServer() as Server, app.get(Draining));
  releaseStartUpMemoryLogged(logger);

  // Requests under way finish, then the app closes its connections, then the embedded engine stops.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal}: shutting down`);
      shutDown(app, config, logger, running)
        .then(
          () => database.stop(),
          (error: unknown) => {
            logger.error(`Shutdown failed: ${String(error)}`);
            process.exitCode = 1;
            return database.stop();
          },
        )
        .finally(() => process.exit());
    });
  }

  const url = localUrl(config);
  logger.log(`${config.brandName} is running at ${url} (API docs at ${url}/api/docs)`);
  for (const line of seededAccountLines(config)) logger.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
