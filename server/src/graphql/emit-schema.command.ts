import 'reflect-metadata';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/config';
import { openDatabase } from '../database/embedded-database';

/** `npm run schema`: writes schema.graphql from the code, as the dev server does at start. */
async function main(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'development' }), seedOnEmpty: false };
  const database = await openDatabase(config);
  const app = await createApp(config, database.uri, false);
  try {
    await app.init();
    console.log(`Wrote ${config.schemaFile}`);
  } finally {
    await app.close();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
