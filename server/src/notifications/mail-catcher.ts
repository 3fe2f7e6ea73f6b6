import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTiedProcess } from '../common/tied-process';

/**
 * The local mail catcher of development and the tests: Mailpit, built by `npm install` from
 * tools/mailpit. It keeps every message the shop sends over SMTP, whoever it is addressed to,
 * and shows them in a browser and over its HTTP API; nothing is delivered anywhere.
 */
export interface RunningMailCatcher {
  /** Where the shop sends mail, e.g. smtp://127.0.0.1:1025 */
  smtpUrl: string;
  /** Its web UI, and its API under /api/v1, e.g. http://127.0.0.1:8025 */
  webUrl: string;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  binary: string;
  /** Where it keeps its database (mailpit.db); kept between starts. */
  dataDir: string;
  smtpPort: number;
  webPort: number;
  /** The address both listen on; 127.0.0.1 unless given. */
  host?: string;
}

const START_TIMEOUT_MS = 30_000;

/** Starts Mailpit and resolves once its web API answers; it stops with this process. */
export async function startMailCatcher(options: MailCatcherOptions): Promise<RunningMailCatcher> {
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.dataDir, { recursive: true });
  const database = join(options.dataDir, 'mailpit.db');
  const mailpit = startTiedProcess(
    'Mailpit',
    options.binary,
    [
      ['--database', database],
      ['--smtp', `${host}:${options.smtpPort}`],
      ['--listen', `${host}:${options.webPort}`],
      // Any sign-in or none, without TLS, so whatever SMTP settings the shop has are accepted;
      // every recipient is accepted already.
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      // No look-ups beyond this machine: no release check, no reverse DNS of clients.
      '--disable-version-check',
      '--smtp-disable-rdns',
      '--quiet',
    ].flat(),
    withoutMailpitSettings(process.env),
  );

  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const smtpUrl = `smtp://${reachable}:${options.smtpPort}`;
  const webUrl = `http://${reachable}:${options.webPort}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answersFor(webUrl, database))) {
    const ended = mailpit.ended();
    if (ended) throw ended;
    if (Date.now() > deadline) {
      await mailpit.stop();
      throw new Error(
        `Mailpit did not answer at ${webUrl} within ${START_TIMEOUT_MS} ms: ${mailpit.recentOutput()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { smtpUrl, webUrl, stop: () => mailpit.stop() };
}

/** Whether the Mailpit answering at `webUrl` is the one keeping `database`, not another one. */
async function answersFor(webUrl: string, database: string): Promise<boolean> {
  try {
    const response = await fetch(`${webUrl}/api/v1/info`, { signal: AbortSignal.timeout(1000) });
    if (!response.ok) return false;
    const info = (await response.json()) as { Database?: string };
    return info.Database === database;
  } catch {
    return false;
  }
}

/**
 * Mailpit reads MP_* variables as settings: one meant for another Mailpit (a relay of every
 * message to a real server, a password file) must not change the shop's catcher.
 */
function withoutMailpitSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('MP_')));
}
