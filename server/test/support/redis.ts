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
  /** Kills the server at once (SIGKILL), as a crash or a lost host would. */
  kill(): Promise<void>;
  /** Stops it (SIGSTOP): connections stay open, and nothing is answered until `resume`. */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port, empty, once killed. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A throwaway Redis on a free loopback port, keeping nothing on disk. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
  // Failures show as failed pings and commands; unheard, ioredis prints each one.
  client.on('error', () => {});
  let server = await serve(port, client);
  const exit = async (signal: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGCONT'); // a paused server would not act on SIGTERM
    server.kill(signal);
    await exited;
  };
  return {
    url,
    client,
    async kill() {
      client.disconnect();
      await exit('SIGKILL');
    },
    pause() {
      server.kill('SIGSTOP');
    },
    resume() {
      server.kill('SIGCONT');
    },
    async restart() {
      client.disconnect();
      server = await serve(port, client);
    },
    async stop() {
      client.disconnect();
      await exit('SIGTERM');
    },
  };
}

/** redis-server on `port`, once `client` has its answer to a ping. */
async function serve(port: number, client: Redis): Promise<ChildProcess> {
  const server: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${REDIS_SERVER} exited with ${server.exitCode}`);
    try {
      await client.connect();
      await client.ping();
      return server;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
