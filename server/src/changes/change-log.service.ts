import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDuplicateKey } from '../common/natural-key';
import { APP_CONFIG, AppConfig } from '../config/config';

export type ChangeKind = 'product' | 'category' | 'order' | 'user';

export interface ChangeSubscriber {
  /** Loads everything afresh: once at start, and again whenever changes may have been missed. */
  reload(): Promise<void>;
  /** The record of this kind with this id was created, updated or deleted; re-read it by id. */
  changed(id: string): Promise<void>;
  /**
   * These records changed together, and are to be shown changed together (an import's
   * products); without it, `changed` is called for each.
   */
  changedTogether?(ids: readonly string[]): Promise<void>;
}

/** One published write. Entry number `seq` is kept under the key `String(seq)`. */
interface ChangeEntry {
  _id: string;
  seq: number;
  kind: ChangeKind;
  id: string;
  /** Records changed together (publishTogether); `id` is then the first of them. */
  ids?: string[];
  /** The instance that published it; it skips its own entries, having told its subscribers. */
  instance: string;
  at: Date;
}

/** A number the log is known to have reached; see ChangeLog for what it promises. */
interface LogHead {
  _id: typeof HEAD;
  seq: number;
}

export const CHANGES_COLLECTION = 'changes';
const HEAD = 'head';
/** Attempts at each step of an append before giving up on telling the other instances. */
const APPEND_ATTEMPTS = 3;
const APPEND_RETRY_MS = 100;

/**
 * The key of entry `seq`: a string, because FerretDB 1.24 sends a filter `{_id}` to SQLite (and its
 * index) only for a string or an ObjectId; a number would read the whole collection.
 */
export const entryKey = (seq: number): string => String(seq);

/**
 * Keeps the in-process read models of several instances on one database in step.
 *
 * The log is the collection `changes`: entries numbered 1, 2, 3, ..., each under its number as
 * `_id`, and one document `head` holding a number the log has reached. Every operation is a
 * lookup, insert, update or delete by `_id`, the only queries the embedded engine does not
 * answer by reading the whole collection.
 *
 * Appending: insert the entry under head + 1 (or past the last number this instance has seen),
 * and on a duplicate key, which means another instance took that number, the next one. The
 * insert is the only step that must be atomic, and a unique `_id` is atomic on both engines.
 * An entry is only tried under n + 1 once n is known to exist, so the numbers taken are always
 * 1..end with no holes. Then `$max` writes the number into the head, and only then is entry
 * n - retain deleted (whoever appends n trims n - retain).
 *
 * The head promises little, and needs no atomic read-modify-write: it only ever holds numbers
 * already inserted (so everything up to it exists or was trimmed), and it is at most a few
 * numbers behind the end: those whose appends are still between their insert and their head
 * write, plus, on FerretDB where `$max` reads and writes apart, writes racing within
 * milliseconds that may put it back by as many. The next append raises it again.
 *
 * Following: each poll reads the head, then entries position + 1, + 2, ... until one is missing.
 * A missing entry above the head is the end (or an append not finished: read again next poll).
 * A missing entry at or below the head was inserted before the head was read and is gone now:
 * it was trimmed before this instance read it (it fell more than `retain` behind, e.g. while
 * stalled), or removed by hand. Its change is lost, so every subscriber reloads, following on
 * from the head read before the reload; entries re-applied after a reload are harmless, since
 * `changed` only re-reads a record.
 *
 * Why a trimmed number is never taken again (which would hide an entry from instances already
 * past it): an append starts at head + 1, and a trim of n - retain happens only after the head
 * reached n; so a number is taken again only if `retain` appends were between their insert and
 * their head write at once. `retain` (1,000 by default) is kept far above that.
 *
 * Start-up and reloads capture the position (one read of the head) before reloading, so a change
 * made while a reload reads is applied again afterwards rather than lost.
 */
@Injectable()
export class ChangeLog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ChangeLog');
  /** Tells this instance's entries from the others'. */
  private readonly instance = randomUUID();
  private readonly subscribers = new Map<ChangeKind, ChangeSubscriber[]>();
  /** Subscribers that may have missed a change (one threw): reloaded at the next poll. */
  private readonly stale = new Set<ChangeSubscriber>();
  private readonly entries: Collection<ChangeEntry>;
  private readonly head: Collection<LogHead>;
  /** Entries up to this number are applied here, or were read by a later reload. */
  private position = 0;
  /** The highest entry number this instance has seen exist: its appends start above it. */
  private seen = 0;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  /** The last insert of an entry: this instance's inserts go one at a time. */
  private inserting: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectConnection() connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.entries = connection.collection<ChangeEntry>(CHANGES_COLLECTION);
    this.head = connection.collection<LogHead>(CHANGES_COLLECTION);
  }

  /**
   * Call after a write: calls this instance's subscribers of `kind` at once (awaited, so the
   * writer reads its own write), then appends an entry to the shared log for the other instances.
   */
  async publish(kind: ChangeKind, id: string): Promise<void> {
    await Promise.all(this.subscribersOf(kind).map((subscriber) => this.tell(subscriber, [id])));
    await this.append(kind, [id]);
  }

  /**
   * As publish, for records written together that readers are to see change at once: one
   * entry for all of them, and subscribers that can apply them together (changedTogether) do.
   */
  async publishTogether(kind: ChangeKind, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await Promise.all(this.subscribersOf(kind).map((subscriber) => this.tell(subscriber, ids)));
    await this.append(kind, ids);
  }

  /** Registered in a provider's constructor or onModuleInit. */
  subscribe(kind: ChangeKind, subscriber: ChangeSubscriber): void {
    this.subscribers.set(kind, [...this.subscribersOf(kind), subscriber]);
    // Registered after the start-up reload: it has missed everything so far.
    if (this.started) this.stale.add(subscriber);
  }

  /** Before the app serves anything: models loaded, and following from where the load began. */
  async onApplicationBootstrap(): Promise<void> {
    this.position = await this.readHead();
    this.seen = Math.max(this.seen, this.position);
    await Promise.all([...this.allSubscribers()].map((subscriber) => subscriber.reload()));
    this.started = true;
    this.schedulePoll();
  }

  /** Before the database connection closes (that happens at application shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
  }

  private subscribersOf(kind: ChangeKind): ChangeSubscriber[] {
    return this.subscribers.get(kind) ?? [];
  }

  private allSubscribers(): Set<ChangeSubscriber> {
    return new Set([...this.subscribers.values()].flat());
  }

  private async readHead(): Promise<number> {
    return (await this.head.findOne({ _id: HEAD }))?.seq ?? 0;
  }

  /** A subscriber that throws is reloaded later rather than stopping anyone else. */
  private async tell(subscriber: ChangeSubscriber, ids: readonly string[]): Promise<void> {
    try {
      if (ids.length > 1 && subscriber.changedTogether) await subscriber.changedTogether(ids);
      else for (const id of ids) await subscriber.changed(id);
    } catch (error) {
      this.stale.add(subscriber);
      this.logger.error(
        `A subscriber failed on the change of ${ids.join(', ')}, it will reload: ${String(error)}`,
      );
    }
  }

  /** The user's write has happened: a failure here is logged, never thrown. */
  private async append(kind: ChangeKind, ids: readonly string[]): Promise<void> {
    const what = `the change of ${kind} ${ids[0]}${ids.length > 1 ? ` and ${ids.length - 1} more` : ''}`;
    const seq = await this.retrying(`append ${what}`, () =>
      this.oneAtATime(() => this.insertEntry(kind, ids)),
    );
    if (seq === undefined) return;
    // Subscribers find the entry without the head; the head is for appends and for spotting gaps.
    const raised = await this.retrying(`raise the head to ${seq}`, async () => {
      await this.head.updateOne({ _id: HEAD }, { $max: { seq } }, { upsert: true });
      return true;
    });
    const trimmed = seq - this.config.changeLog.retain;
    // Only behind a raised head: that is what keeps trimmed numbers from being taken again.
    if (!raised || trimmed < 1) return;
    await this.entries.deleteOne({ _id: entryKey(trimmed) }).catch((error: unknown) => {
      this.logger.warn(`Could not trim change log entry ${trimmed}: ${String(error)}`);
    });
  }

  /**
   * Concurrent inserts from one instance would all try the same number, and all but one try
   * again: a burst of n writes would cost n * n / 2 inserts. One at a time, each starts past the last.
   */
  private oneAtATime<T>(step: () => Promise<T>): Promise<T> {
    const run = this.inserting.then(step, step);
    this.inserting = run.catch(() => undefined);
    return run;
  }

  /** Inserts the entry under the next free number and returns it. */
  private async insertEntry(kind: ChangeKind, ids: readonly string[]): Promise<number> {
    let seq = Math.max(await this.readHead(), this.seen) + 1;
    for (;;) {
      try {
        const entry = {
          _id: entryKey(seq),
          seq,
          kind,
          id: ids[0],
          ...(ids.length > 1 && { ids: [...ids] }),
          instance: this.instance,
          at: new Date(),
        };
        await this.entries.insertOne(entry);
        this.seen = Math.max(this.seen, seq);
        return seq;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Taken, so it exists: the next number leaves no hole. `seen` skips past this
        // instance's own appends that won meanwhile.
        seq = Math.max(seq, this.seen) + 1;
      }
    }
  }

  private async retrying<T>(what: string, step: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        if (attempt === APPEND_ATTEMPTS) {
          this.logger.error(`Could not ${what}; other instances may not see it: ${String(error)}`);
          return undefined;
        }
        await sleep(APPEND_RETRY_MS * attempt);
      }
    }
  }

  /** One poll at a time: the next is scheduled when this one ends. */
  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        this.schedulePoll();
      });
    }, this.config.changeLog.pollIntervalMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    try {
      await this.catchUp();
      await this.reloadStale();
    } catch (error) {
      this.logger.error(`Could not read the change log: ${String(error)}`);
    }
  }

  private async catchUp(): Promise<void> {
    const head = await this.readHead();
    while (!this.stopped) {
      const next = this.position + 1;
      const entry = await this.entries.findOne({ _id: entryKey(next) });
      if (!entry) {
        if (next <= head) this.missed(next, head);
        return;
      }
      this.position = next;
      this.seen = Math.max(this.seen, next);
      if (entry.instance === this.instance) continue;
      for (const subscriber of this.subscribersOf(entry.kind))
        await this.tell(subscriber, entry.ids ?? [entry.id]);
    }
  }

  /** Entry `lost` is gone unread: follow on from `head`, and reload everything after it. */
  private missed(lost: number, head: number): void {
    this.logger.warn(`Change log entry ${lost} is gone unread (trimmed?): reloading everything`);
    this.position = head;
    this.seen = Math.max(this.seen, head);
    for (const subscriber of this.allSubscribers()) this.stale.add(subscriber);
  }

  private async reloadStale(): Promise<void> {
    for (const subscriber of [...this.stale]) {
      if (this.stopped) return;
      try {
        this.stale.delete(subscriber);
        await subscriber.reload();
      } catch (error) {
        this.stale.add(subscriber);
        this.logger.error(
          `A subscriber failed to reload, trying again at the next poll: ${String(error)}`,
        );
      }
    }
  }
}
