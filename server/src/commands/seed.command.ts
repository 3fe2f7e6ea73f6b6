import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/config';
import { createRootLogger } from '../observability/logging';
import { runWithDatabase } from '../database/embedded-database';
import { seededAccountLines, SeedService } from '../seed';

/** `npm run seed`: adds whatever seed data is missing (demo data with SEED_DEMO), then exits. */
const config = { ...loadConfig(), seedOnEmpty: false };
runWithDatabase(config, async (databaseUri) => {
  const logger = createRootLogger({ ...config, logs: { ...config.logs, level: 'warn' } });
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, databaseUri, logger),
    { logger: ['error', 'warn'] },
  );
  try {
    const added = await app.get(SeedService).seed();
    console.log(
      `Seeded: ${added.users} users, ${added.categories} categories, ${added.products} products added.`,
    );
    for (const line of seededAccountLines(config)) console.log(line);
  } finally {
    await app.close();
  }
});
