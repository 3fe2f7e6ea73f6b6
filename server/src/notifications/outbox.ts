import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { isDuplicateKey } from '../common/natural-key';
import { OutboxAttachment, OutboxDue, OutboxMessage } from './outbox.schema';

/** An e-mail as its owner writes it: to whom, what, and what it is for (its key). */
export interface OwedMail {
  /** What it is for, to whom; owing one key again writes nothing (see OutboxMessage). */
  key: string;
  event: string;
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the shop sends e-mail at all (MAIL_OFF=true and tests without SMTP_URL do not). */
  get sending(): boolean {
    return this.config.mail.transport !== 'off';
  }

  /**
   * Writes `mail` to be sent, once per key whatever the calls: the message first, then its
   * place among the due ones. A caller cut short between the two owes it again (recovery runs
   * the order's follow-up again), and the second call finds the message and adds the place it
   * lacks; a message already sent or given up is left as it is.
   */
  async owe(mail: OwedMail): Promise<void> {
    if (!this.sending) return;
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
      if (written?.state !== 'due') return;
    }
    try {
      await this.due.create({ _id: mail.key, at: now });
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
