import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './ports';

/** Debian's redis-server; `.ci/run` installs it. REDIS_SERVER names another binary. */
export const REDIS_SERVER = process.env.REDIS_SERVER || 'redis-server';

export const REDIS_MISSING = `${REDIS_SERVER} was not found: install it (apt-get install redis-server, as .ci/run does) or set REDIS_SERVER to a redis-server binary`;

export const redisServerFound = (): boolean =>
  spawnSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' }).status === 0;

export interface RunningRedis {
  url: string;
  /** A client of its own, to look at what the shop stored. */
  client: Redis;
  stop(): Promise<void>;
}

/** A throwaway Redis on a free loopback port, keeping nothing on disk. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${REDIS_SERVER} exited with ${server.exitCode}`);
    try {
      await client.connect();
      await client.ping();
      break;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    client,
    async stop() {
      client.disconnect();
      if (server.exitCode === null) {
        const exited = once(server, 'exit');
        server.kill('SIGTERM');
        await exited;
      }
    },
  };
}
