import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RunningMailCatcher, startMailCatcher } from './mail-catcher';
import type { OutboxMessage } from './outbox.schema';
import { SMTP_TIMEOUT_MS } from './smtp-timeout';

/**
 * Hands messages to the SMTP server (SMTP_URL), or in development to the mail catcher it starts
 * beside the server (Mailpit), whose page shows what was sent.
 */
@Injectable()
export class Mailer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport: Transporter | null = null;
  private catcher: RunningMailCatcher | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    const { mail } = this.config;
    if (mail.offBecause) this.logger.warn(`E-mail is off: ${mail.offBecause}`);
    if (mail.transport === 'off') return;
    let url = mail.smtpUrl;
    if (mail.transport === 'catcher') {
      try {
        this.catcher = await startMailCatcher({
          binary: mail.catcher.binary,
          dataDir: join(this.config.dataDir, 'mail-catcher'),
          smtpPort: mail.catcher.smtpPort,
          webPort: mail.catcher.webPort,
          host: '127.0.0.1',
        });
      } catch (error) {
        // The shop runs without it; what it owes stays in the outbox and is tried again.
        this.logger.error(`The mail catcher did not start: ${String(error)}`);
        return;
      }
      url = this.catcher.smtpUrl;
      this.logger.log(
        `E-mail the shop sends is caught, not delivered: read it at ${this.catcher.webUrl}`,
      );
    }
    this.transport = createTransport({
      url: url!,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.transport?.close();
    await this.catcher?.stop();
  }

  /** Where the mail catcher shows what was sent (development), else null. */
  get catcherUrl(): string | null {
    return this.catcher?.webUrl ?? null;
  }

  /** Sends `message`; throws with the server's answer when it is refused or cannot be handed over. */
  async send(message: OutboxMessage): Promise<void> {
    if (!this.transport)
      throw new Error('No SMTP server to send through (the mail catcher did not start)');
    const { from } = this.config.mail;
    await this.transport.sendMail({
      from: { name: from.name, address: from.address },
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // The same for every try of one message, so a mailbox that got a try cut short after the
      // server took it can tell the next one is the same message.
      messageId: `<${createHash('sha256').update(message._id).digest('hex').slice(0, 32)}@${domainOf(from.address)}>`,
      attachments: message.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: bytesOf(attachment.content),
      })),
    });
  }
}

const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);

/** Bytes as the driver hands them back from a lean read (a BSON Binary), or as written. */
function bytesOf(content: unknown): Buffer {
  if (Buffer.isBuffer(content)) return content;
  const binary = content as { buffer: Uint8Array; position?: number };
  return Buffer.from(binary.buffer.subarray(0, binary.position ?? binary.buffer.length));
}
