import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { isDuplicateKey } from '../common/natural-key';
import { PeriodicRound } from '../common/periodic-round';
import { DatabaseEngine } from '../database/database-engine';
import { isSecretMail } from './mail-events';
import { Mailer } from './mailer';
import { OutboxClaim, OutboxDue, OutboxMessage } from './outbox.schema';

/** What one round of the worker did. */
export interface OutboxRound {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what the outbox holds, a round every `mail.outbox.pollMs`, from when StartUp starts it.
 * Each try of each message is claimed first (OutboxClaim), so several instances send it once; a
 * refused or failed send is tried again later, each wait twice the one before, and given up as
 * failed after `maxTries`, with the last error kept on the message.
 */
@Injectable()
export class OutboxWorker implements OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly rounds = new PeriodicRound(() => this.sendDue());

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectModel(OutboxDue.name) private readonly due: Model<OutboxDue>,
    @InjectModel(OutboxClaim.name) private readonly claims: Model<OutboxClaim>,
    private readonly mailer: Mailer,
    private readonly engine: DatabaseEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    if (this.config.mail.transport === 'off') return;
    this.rounds.start(this.config.mail.outbox.pollMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round that begins after this call (queued behind a round still running). */
  runRound(): Promise<OutboxRound> {
    return this.rounds.run();
  }

  private async sendDue(): Promise<OutboxRound> {
    const done: OutboxRound = { sent: 0, retrying: 0, failed: 0 };
    try {
      const now = new Date();
      const due = (await this.due.find().lean())
        .filter((entry) => entry.at <= now)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const entry of due) {
        const outcome = await this.tryToSend(entry._id);
        if (outcome) done[outcome] += 1;
      }
    } catch (error) {
      this.logger.error(`Sending the outbox failed: ${String(error)}`);
    }
    if (done.failed > 0)
      this.logger.warn(
        `Gave up on ${done.failed} e-mail after ${this.config.mail.outbox.maxTries} tries`,
      );
    return done;
  }

  /** One try of the message `key`, if it is due and this instance wins its claim. */
  private async tryToSend(key: string): Promise<keyof OutboxRound | null> {
    const { maxTries, firstRetryMs, leaseMs } = this.config.mail.outbox;
    const message = await this.messages.findById(key).lean();
    if (!message || message.state !== 'due') {
      await this.due.deleteOne({ _id: key });
      return null;
    }
    const now = new Date();
    if (message.nextTryAt > now) return null;
    const tried = message.tries;
    const claim = `${key}#${tried}`;
    try {
      await this.claims.create({ _id: claim, at: now });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const held = await this.claims.findById(claim).lean();
      if (held && now.getTime() - held.at.getTime() > leaseMs) {
        // Its claimer stopped mid-send: the try counts, and the next one is anyone's to claim.
        await this.engine.updateIf(
          this.messages,
          key,
          { state: 'due', tries: tried },
          {
            $set: {
              tries: tried + 1,
              lastError: 'A send was cut short: the instance sending it stopped',
            },
          },
        );
      }
      return null;
    }
    // Won: but another instance may have finished this try between the read and the claim.
    const current = await this.messages.findById(key).select('state tries').lean();
    if (current?.state !== 'due' || current.tries !== tried) {
      await this.claims.deleteOne({ _id: claim });
      return null;
    }
    let outcome: keyof OutboxRound;
    try {
      await this.mailer.send(message);
      await this.messages.updateOne(
        { _id: key },
        {
          $set: {
            state: 'sent',
            tries: tried + 1,
            sentAt: new Date(),
            lastError: null,
            ...bodyDropped(message),
          },
        },
      );
      await this.due.deleteOne({ _id: key });
      outcome = 'sent';
    } catch (error) {
      const lastError = String((error as Error).message ?? error).slice(0, 1000);
      if (tried + 1 >= maxTries) {
        await this.messages.updateOne(
          { _id: key },
          { $set: { state: 'failed', tries: tried + 1, lastError, ...bodyDropped(message) } },
        );
        await this.due.deleteOne({ _id: key });
        outcome = 'failed';
      } else {
        const at = new Date(Date.now() + firstRetryMs * 2 ** tried);
        await this.messages.updateOne(
          { _id: key },
          { $set: { tries: tried + 1, nextTryAt: at, lastError } },
        );
        await this.due.updateOne({ _id: key }, { $set: { at } });
        outcome = 'retrying';
      }
    }
    await this.claims.deleteOne({ _id: claim });
    return outcome;
  }
}

/** A message with a secret in it (a reset link) keeps no copy of it once done with. */
const bodyDropped = (message: OutboxMessage) =>
  isSecretMail(message.event) ? { html: '', text: '', attachments: [] } : {};
