import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_CATCHER_BIN } from '../../src/config/config';
import {
  MailCatcherOptions,
  RunningMailCatcher,
  startMailCatcher,
} from '../../src/notifications/mail-catcher';
import { SMTP_TIMEOUT_MS } from '../../src/notifications/smtp-timeout';
import { freePort } from './ports';

/** The mail catcher `npm install` builds into .tools/bin when Go is installed. */
export const MAILPIT_BINARY = MAIL_CATCHER_BIN;

export const MAILPIT_MISSING = `${MAILPIT_BINARY} was not found: install Go (1.26 or newer) and run npm install at the repository root, which builds it (scripts/install-tools.mjs)`;

export const mailpitFound = (): boolean => existsSync(MAILPIT_BINARY);

export interface MailAddress {
  name: string;
  address: string;
}

/** A message as Mailpit's list shows it. */
export interface MailSummary {
  id: string;
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  created: string;
}

/** One message whole, as Mailpit parsed it. */
export interface MailMessage extends Omit<MailSummary, 'created'> {
  html: string;
  text: string;
  /** Every header, by name, with all its values. */
  headers: Record<string, string[]>;
  attachments: { fileName: string; contentType: string; size: number }[];
}

/** What a test reads of a Mailpit, given its web address. */
export interface MailpitReader {
  /** Every message received, newest first. */
  messages(): Promise<MailSummary[]>;
  message(id: string): Promise<MailMessage>;
  /** The messages, newest first, once there are at least `count`; fails after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<MailSummary[]>;
  /** The messages to `address`, oldest first, once there are at least `count`. */
  waitForMessagesTo(address: string, count: number, timeoutMs?: number): Promise<MailSummary[]>;
  /** Deletes every message. */
  clear(): Promise<void>;
}

export interface RunningMailpit extends MailpitReader {
  /** Where to send mail, e.g. smtp://127.0.0.1:40125 */
  smtpUrl: string;
  /** Its web UI and API. */
  webUrl: string;
  /** Takes it down (SMTP and web ports closed), as an SMTP server gone away looks to a sender. */
  kill(): Promise<void>;
  /** Starts it again on the same ports, with the messages it had. */
  restart(): Promise<void>;
  /** Stops it and deletes what it kept. */
  stop(): Promise<void>;
}

interface ApiAddress {
  Name: string;
  Address: string;
}

interface ApiSummary {
  ID: string;
  From: ApiAddress;
  To: ApiAddress[] | null;
  Subject: string;
  Created: string;
}

interface ApiMessage extends Omit<ApiSummary, 'Created'> {
  HTML: string;
  Text: string;
  Attachments: { FileName: string; ContentType: string; Size: number }[] | null;
}

/** Reads the Mailpit whose web UI and API are at `webUrl` (http://127.0.0.1:8025). */
export function mailpitReader(webUrl: string): MailpitReader {
  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${webUrl}/api/v1/${path}`, init);
    if (!response.ok) {
      throw new Error(`Mailpit answered ${response.status} to ${path}: ${await response.text()}`);
    }
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? await response.json() : await response.text()) as T;
  };
  const address = (a: ApiAddress): MailAddress => ({ name: a.Name, address: a.Address });
  const messages = async (): Promise<MailSummary[]> => {
    const page = await api<{ messages: ApiSummary[] }>('messages?limit=1000');
    return page.messages.map((m) => ({
      id: m.ID,
      from: address(m.From),
      to: (m.To ?? []).map(address),
      subject: m.Subject,
      created: m.Created,
    }));
  };
  const waitFor = async (
    wanted: (message: MailSummary) => boolean,
    count: number,
    // Past one send given up on a stalled SMTP connection and tried again. A run on a busy
    // machine once waited 10 s in vain for a reset link, its cause not found.
    timeoutMs = SMTP_TIMEOUT_MS + 5_000,
  ): Promise<MailSummary[]> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const received = (await messages()).filter(wanted);
      if (received.length >= count) return received;
      if (Date.now() > deadline) {
        throw new Error(
          `Mailpit received ${received.length} such message(s) in ${timeoutMs} ms, not ${count}: ${JSON.stringify(received.map((m) => m.subject))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    messages,
    async message(id) {
      const [m, headers] = await Promise.all([
        api<ApiMessage>(`message/${id}`),
        api<Record<string, string[]>>(`message/${id}/headers`),
      ]);
      return {
        id: m.ID,
        from: address(m.From),
        to: (m.To ?? []).map(address),
        subject: m.Subject,
        html: m.HTML,
        text: m.Text,
        headers,
        attachments: (m.Attachments ?? []).map((a) => ({
          fileName: a.FileName,
          contentType: a.ContentType,
          size: a.Size,
        })),
      };
    },
    waitForMessages: (count, timeoutMs) => waitFor(() => true, count, timeoutMs),
    async waitForMessagesTo(to, count, timeoutMs) {
      const sent = (message: MailSummary) => message.to.some((one) => one.address === to);
      return (await waitFor(sent, count, timeoutMs)).reverse();
    },
    async clear() {
      await api('messages', { method: 'DELETE' });
    },
  };
}

/** A throwaway Mailpit on free loopback ports, its database in a temporary directory. */
export async function startMailpit(): Promise<RunningMailpit> {
  if (!mailpitFound()) throw new Error(MAILPIT_MISSING);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-mailpit-'));
  const options: MailCatcherOptions = {
    binary: MAILPIT_BINARY,
    dataDir,
    smtpPort: await freePort(),
    webPort: await freePort(),
  };
  let catcher: RunningMailCatcher | undefined = await startMailCatcher(options);
  const { smtpUrl, webUrl } = catcher;

  return {
    ...mailpitReader(webUrl),
    smtpUrl,
    webUrl,
    async kill() {
      await catcher?.stop();
      catcher = undefined;
    },
    async restart() {
      await catcher?.stop();
      catcher = await startMailCatcher(options);
    },
    async stop() {
      await catcher?.stop();
      catcher = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
