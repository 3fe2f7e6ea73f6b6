import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll } from 'vitest';

/**
 * Run before each test file. The files of a worker share its loaded modules (`isolate: false`
 * in vitest.config.mts), so what a library keeps for the whole process would pass from one
 * file to the next; here it is set back to how a new process starts.
 *
 * nestjs-pino sends the lines logged outside a request to the logger of the first app the
 * process made: without this, a test reading its shop's logs would miss them whenever an
 * earlier file of the worker started a shop. Its reset for tests is not exported, so it is
 * taken from the build the shop loads (the ES module one, as `import` resolves the package).
 */
beforeAll(async () => {
  const manifest = require.resolve('nestjs-pino/package.json');
  const entry: string = JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].import.default;
  const file = join(dirname(manifest), dirname(entry), 'PinoLogger.js');
  const pino = await import(pathToFileURL(file).href);
  pino.__resetOutOfContextForTests();
});
