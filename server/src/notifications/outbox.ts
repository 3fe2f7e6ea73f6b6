import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { isDuplicateKey } from '../common/natural-key';
import { DatabaseEngine } from '../database/database-engine';
import { sendsMail } from './mail-events';
import type { MailEvent } from './mail-events';
import { NotificationSettingsService } from './notification-settings';
import { OutboxAttachment, OutboxDue, OutboxMessage } from './outbox.schema';

/** An e-mail as its owner writes it: to whom, what, and what it is for (its key). */
export interface OwedMail {
  /** What it is for, to whom; owing one key again writes nothing (see OutboxMessage). */
  key: string;
  event: MailEvent;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
}

/**
 * Where the shop writes the e-mail it owes. Owing is a write and nothing more: the worker
 * (OutboxWorker) sends it, so a slow or broken SMTP server never slows an order or fails it.
 */
@Injectable()
export class Outbox {
  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxDue.name) private readonly due: Model<OutboxDue>,
    private readonly settings: NotificationSettingsService,
    private readonly engine: DatabaseEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get sending(): boolean {
    return sendsMail(this.config);
  }

  /**
   * Writes `mail` to be sent, once per key whatever the calls (true: it is in the outbox; false:
   * the shop sends no e-mail, or not of this event): the message first, then its
   * place among the due ones. A caller cut short between the two owes it again (recovery runs
   * the order's follow-up again), and the second call finds the message and adds the place it
   * lacks; a message already sent or given up is left as it is.
   */
  async owe(mail: OwedMail): Promise<boolean> {
    // An event the admin turned off is not owed: turned on again, it does not send old news.
    if (!this.sending || !(await this.settings.forSending()).sends(mail.event)) return false;
    const now = new Date();
    try {
      await this.messages.create({
        _id: mail.key,
        event: mail.event,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments ?? [],
        state: 'due',
        tries: 0,
        nextTryAt: now,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const written = await this.messages.findById(mail.key).select('state').lean();
      if (written?.state !== 'due') return true;
    }
    await this.markDue(mail.key, now);
    return true;
  }

  /**
   * Sends a sent or failed message again, as it was written (the admin's "send again": a shopper
   * who lost it, an SMTP fault since mended), with a new round of tries. Null when there is no
   * such message; the message as it stands when it is already on its way.
   */
  async sendAgain(key: string): Promise<OutboxMessage | null> {
    const now = new Date();
    const queued = await this.engine.updateIf(
      this.messages,
      key,
      { state: { $in: ['sent', 'failed'] } },
      { $set: { state: 'due', tries: 0, nextTryAt: now }, $inc: { sentAgain: 1 } },
    );
    if (queued) await this.markDue(key, now);
    return (await this.byKeys([key]))[0] ?? null;
  }

  /** Its place among the due ones, once. */
  private async markDue(key: string, at: Date): Promise<void> {
    try {
      await this.due.create({ _id: key, at });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /** The messages of these keys that were written, in the order of the keys. */
  async byKeys(keys: readonly string[]): Promise<OutboxMessage[]> {
    if (keys.length === 0) return [];
    const found = await Promise.all(
      keys.map((key) => this.messages.findById(key).select('-html -text -attachments').lean()),
    );
    return found.flatMap((message) => (message ? [message] : []));
  }
}
