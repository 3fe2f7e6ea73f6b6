import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/config';
import { openDatabase } from './database/embedded-database';
import { seededAccountLines } from './database/seed/seed.service';

async function main(): Promise<void> {
  const logger = new Logger('Shop');
  const config = loadConfig();
  const database = await openDatabase(config);
  logger.log(`Database: ${database.engine}`);

  const app = await createApp(config, database.uri);
  await app.listen(config.port);

  // The app closes its connections first, then the embedded engine stops.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal}: shutting down`);
      void app
        .close()
        .finally(() => database.stop())
        .finally(() => process.exit(0));
    });
  }

  const url = `http://localhost:${config.port}`;
  logger.log(`${config.brandName} is running at ${url} (API docs at ${url}/api/docs)`);
  for (const line of seededAccountLines(config)) logger.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
