import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config/config';
import { RunningDatabase, startEmbeddedDatabase } from '../../src/database/embedded-database';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoServerUri: string;
  }
}

let database: RunningDatabase | undefined;
let dir: string | undefined;

/**
 * One real database server for the whole run (the embedded engine, or MONGODB_URI
 * when given); every test file then works in a database of its own.
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.MONGODB_URI) {
    project.provide('mongoServerUri', process.env.MONGODB_URI.replace(/\/[^/]*$/, '/'));
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'shop-test-db-'));
  const config = loadConfig({ DATA_DIR: dir });
  database = await startEmbeddedDatabase(config.ferretdbBin, dir);
  project.provide('mongoServerUri', database.serverUri.replace(/\/?$/, '/'));
}

export async function teardown(): Promise<void> {
  await database?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
