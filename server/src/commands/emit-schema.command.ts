import 'reflect-metadata';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/config';
import { runWithDatabase } from '../database/embedded-database';

/** `npm run schema`: writes schema.graphql from the code, as the dev server does at start. */
const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn' }),
  seedOnEmpty: false,
};
runWithDatabase(config, async (databaseUri) => {
  const app = await createApp(config, databaseUri);
  try {
    await app.init();
    console.log(`Wrote ${config.schemaFile}`);
  } finally {
    await app.close();
  }
});
