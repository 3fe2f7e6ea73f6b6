import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startTiedProcess } from '../common/tied-process';

export interface RunningDatabase {
  /** Server address without a database name, e.g. mongodb://127.0.0.1:40123/ */
  serverUri: string;
  engine: 'ferretdb' | 'mongodb-memory-server';
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/**
 * Starts FerretDB (SQLite storage) from the binary `npm install` builds; it stops with this
 * process (common/tied-process.ts).
 */
export async function startFerretDb(binary: string, dir: string): Promise<RunningDatabase> {
  mkdirSync(dir, { recursive: true });
  const ferretdb = startTiedProcess('FerretDB', binary, ['-dir', dir, '-listen', '127.0.0.1:0']);

  // Its first line of output is the address it listens on.
  const serverUri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      ferretdb.child.kill('SIGKILL');
      reject(
        new Error(
          `FerretDB did not start within ${START_TIMEOUT_MS} ms: ${ferretdb.recentOutput()}`,
        ),
      );
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: ferretdb.child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    const fail = () => {
      clearTimeout(timer);
      reject(ferretdb.ended());
    };
    ferretdb.child.once('error', fail).once('exit', fail);
  });

  // Ended unasked while the shop or a test run uses it: say so with its last output, which
  // the connection errors that follow would not show.
  let stopping = false;
  ferretdb.child.once('exit', () => {
    if (!stopping) process.stderr.write(`${ferretdb.ended()?.message}\n`);
  });
  const stop = () => {
    stopping = true;
    return ferretdb.stop();
  };
  return { serverUri, engine: 'ferretdb', stop };
}

/** A real mongod kept under `dir`; works where its binary is cached or can be fetched. */
async function startMongoMemoryServer(dir: string): Promise<RunningDatabase> {
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  mkdirSync(dir, { recursive: true });
  const server = await MongoMemoryServer.create({
    instance: { dbPath: dir, storageEngine: 'wiredTiger' },
  });
  return {
    serverUri: server.getUri(),
    engine: 'mongodb-memory-server',
    stop: async () => {
      await server.stop({ doCleanup: false });
    },
  };
}

/**
 * The engine used when no MONGODB_URI is given, so the shop runs with nothing installed
 * beyond `npm install`: FerretDB over SQLite when its binary was built, else
 * mongodb-memory-server (docs/architecture.md, "Why an embedded database").
 */
export async function startEmbeddedDatabase(
  ferretdbBinary: string,
  dataDir: string,
): Promise<RunningDatabase> {
  if (existsSync(ferretdbBinary)) return startFerretDb(ferretdbBinary, join(dataDir, 'ferretdb'));
  try {
    return await startMongoMemoryServer(join(dataDir, 'mongodb'));
  } catch (error) {
    throw new Error(
      'No database available. Provide one of:\n' +
        '  1. MONGODB_URI pointing at a MongoDB server;\n' +
        `  2. the embedded FerretDB engine at ${ferretdbBinary} (install Go, then run npm install);\n` +
        '  3. a mongod binary for mongodb-memory-server (MONGOMS_SYSTEM_BINARY or its download cache).\n' +
        `mongodb-memory-server said: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * Runs a one-off command (`npm run seed`, `npm run schema`) against the shop's database,
 * then stops the database; a failure prints its message and exits with status 1.
 */
export function runWithDatabase(
  config: Parameters<typeof openDatabase>[0],
  work: (databaseUri: string) => Promise<void>,
): void {
  const run = async () => {
    const database = await openDatabase(config);
    try {
      await work(database.uri);
    } finally {
      await database.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** Connects to MONGODB_URI when given, else starts the embedded engine. */
export async function openDatabase(config: {
  mongodbUri?: string;
  ferretdbBin: string;
  dataDir: string;
}): Promise<{ uri: string; engine: string; stop(): Promise<void> }> {
  if (config.mongodbUri) {
    return { uri: config.mongodbUri, engine: 'MONGODB_URI', stop: async () => undefined };
  }
  const running = await startEmbeddedDatabase(config.ferretdbBin, config.dataDir);
  return {
    uri: `${running.serverUri.replace(/\/?$/, '/')}shop`,
    engine: running.engine,
    stop: running.stop,
  };
}
