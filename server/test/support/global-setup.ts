import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config/config';
import { RunningDatabase, startEmbeddedDatabase } from '../../src/database/embedded-database';
import { templatePrefix } from './template-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoServerUri: string;
    /** Names this run's template databases (support/template-databases.ts). */
    testRunId: string;
  }
}

let database: RunningDatabase | undefined;
let dir: string | undefined;
let external: { uri: string; runId: string } | undefined;

/**
 * One real database server for the whole run (the embedded engine, or MONGODB_URI
 * when given); every test file then works in a database of its own.
 */
export async function setup(project: TestProject): Promise<void> {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (process.env.MONGODB_URI) {
    const uri = process.env.MONGODB_URI.replace(/\/[^/]*$/, '/');
    external = { uri, runId };
    project.provide('mongoServerUri', uri);
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'shop-test-db-'));
  const config = loadConfig({ DATA_DIR: dir });
  database = await startEmbeddedDatabase(config.ferretdbBin, dir);
  project.provide('mongoServerUri', database.serverUri.replace(/\/?$/, '/'));
}

export async function teardown(): Promise<void> {
  if (external) {
    // The embedded engine's files go as a whole; a server that stays keeps what is not dropped.
    const connection = await mongoose.createConnection(external.uri).asPromise();
    try {
      const { databases } = await connection.getClient().db().admin().listDatabases();
      for (const { name } of databases) {
        if (name.startsWith(templatePrefix(external.runId))) {
          await connection.getClient().db(name).dropDatabase();
        }
      }
    } finally {
      await connection.close();
    }
  }
  await database?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
