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
import {
  KeptReadModel,
  ReadModelSnapshotFile,
  SnapshotRead,
  SnapshotStamp,
} from './read-model-snapshots';

export type ChangeKind = 'product' | 'category' | 'order' | 'user' | 'setting';

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
  /** Kept in a file between starts, when the shop keeps them (ReadModelSnapshotFile). */
  kept?: KeptReadModel;
}

/** One published write. Entry number `seq` is kept under the key `String(seq)`. */
interface ChangeEntry {
  _id: string;
  seq: number;
  kind: ChangeKind;
  id: string;
  /** Records changed together (`recording` with `together`); `id` is then the first of them. */
  ids?: string[];
  /** The instance that published it; it skips its own entries, having told its subscribers. */
  instance: string;
  at: Date;
  /**
   * Set while the write it announces may be under way: appended before the write, taken off
   * once the write is over (ChangeLog.recording). Entries of `publish` never carry it.
   */
  writing?: true;
}

/** Another instance's entry seen while its write was under way: re-read again later. */
interface Unconfirmed {
  kind: ChangeKind;
  ids: string[];
  /** When this instance first read it, by its own clock. */
  seenAt: number;
  rereadAnyway: boolean;
}

/** A number the log is known to have reached; see ChangeLog for what it promises. */
interface LogHead {
  _id: typeof HEAD;
  seq: number;
}

/**
 * The database's own id, made the first time an instance keeps its read models in a file: a
 * file made from another database (one emptied, or restored from elsewhere) is not used.
 */
interface LogOrigin {
  _id: typeof ORIGIN;
  id: string;
}

export const CHANGES_COLLECTION = 'changes';
const HEAD = 'head';
const ORIGIN = 'origin';
/** Attempts at each write of the log before giving up on it. */
const APPEND_ATTEMPTS = 3;
const APPEND_RETRY_MS = 100;
/**
 * How long after reading an unconfirmed entry of another instance its record is re-read anyway:
 * its writer may have stopped (or failed to confirm) once the record was written. Well within
 * the 5 s in which every instance must serve a write.
 */
export const UNCONFIRMED_REREAD_MS = 2_000;
/** How long an unconfirmed entry is watched for its confirmation, for a write slower than that. */
const UNCONFIRMED_WATCH_MS = 60_000;

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
 * Following: each poll reads the head, then entries position + 1, + 2, ... until one is missing
 * (this instance's own it passes by their numbers, unread).
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
 *
 * No write goes unannounced (`recording`, docs/decisions/014-changes-no-instance-misses.md): the entry is appended before the
 * record is written, marked `writing`, and the mark is taken off once the write is over. If the
 * log cannot be written, neither is the record. An instance that reads an entry still marked
 * re-reads the record at once, again when the mark is gone, and in any case
 * UNCONFIRMED_REREAD_MS later: so a writer that dies between its write and the confirmation, or
 * cannot confirm, still has its write served everywhere. Each is a write or read by `_id`.
 *
 * Kept between starts (docs/decisions/034-read-models-kept-between-starts.md): the models that
 * offer it (`kept`) are written to a file with the position they hold every change up to, now
 * and then and at shutdown; a start takes them from the file and reads the log's entries since,
 * instead of reading every record, when the file is of this database and the log still holds
 * every entry since. That position is the lowest of: the poll's, and one before any entry whose
 * records are not re-read yet (this instance's writes under way, an entry the poll is applying,
 * another's unconfirmed entry). Anything else falls back to reading everything.
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
  private readonly origins: Collection<LogOrigin>;
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
  /** Other instances' entries read while their writes were under way, by entry number. */
  private readonly unconfirmed = new Map<number, Unconfirmed>();
  /**
   * This instance's entries the poll has not passed yet: known without reading them back (a
   * checkout appends half a dozen, each read once more only to be skipped).
   */
  private readonly own = new Set<number>();
  /**
   * The number this instance is inserting an entry under, until the insert has answered: a poll
   * that meets it stops there, as it cannot yet tell this instance's entry from another's.
   */
  private insertingUnder: number | undefined;
  /** This instance's entries appended, whose records its subscribers have not re-read yet. */
  private readonly untold = new Set<number>();
  /** The entry the poll is applying: its records are being re-read. */
  private applying: number | undefined;
  private readonly snapshotFile: ReadModelSnapshotFile | null;
  private saveTimer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;
  /** The position the file holds every change up to; -1 until one is written or read. */
  private savedPosition = -1;

  constructor(
    @InjectConnection() connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.entries = connection.collection<ChangeEntry>(CHANGES_COLLECTION);
    this.head = connection.collection<LogHead>(CHANGES_COLLECTION);
    this.origins = connection.collection<LogOrigin>(CHANGES_COLLECTION);
    const { file } = config.readModelSnapshots;
    this.snapshotFile = file ? new ReadModelSnapshotFile(file) : null;
  }

  /**
   * Runs `write`, the write of the records `ids` of `kind`, announced to every instance so that
   * none can miss it: an entry for each is appended before (if the log cannot be written, the
   * error is thrown and `write` never runs), and once `write` is over, succeeded or not, this
   * instance's subscribers re-read them (awaited, so the writer reads its own write) and the
   * entries are confirmed for the others.
   *
   * `together`: records that readers are to see change at once (an import's products): one
   * entry for all of them, applied together (changedTogether) where it is confirmed. Other
   * instances do not re-read them while the write is under way, as they would see it half done;
   * if its writer stops before confirming, they re-read them UNCONFIRMED_WATCH_MS later (and the
   * writer finishes the write when it starts again: the import's job record).
   */
  async recording<T>(
    kind: ChangeKind,
    ids: string | readonly string[],
    write: () => Promise<T>,
    { together = false } = {},
  ): Promise<T> {
    const changed = typeof ids === 'string' ? [ids] : [...new Set(ids)];
    const groups = together ? [changed] : changed.map((id) => [id]);
    const entries: number[] = [];
    try {
      for (const group of groups) {
        if (group.length > 0) entries.push(await this.append(kind, group, true));
      }
    } catch (error) {
      // Nothing is written: the entries appended so far announce no change to wait for.
      for (const seq of entries) this.untold.delete(seq);
      throw error;
    }
    try {
      return await write();
    } finally {
      if (this.config.changeLog.crashAfterWrite) process.kill(process.pid, 'SIGKILL');
      await Promise.all(
        this.subscribersOf(kind).flatMap((subscriber) =>
          groups.map((group) => this.tell(subscriber, group)),
        ),
      );
      for (const seq of entries) this.untold.delete(seq);
      for (const seq of entries) await this.confirm(seq);
    }
  }

  /**
   * An entry appended after the fact: tells this instance's subscribers at once, then the others.
   * A crash between a write and this append, or a log that cannot be written, would leave the
   * other instances without the change until they reload, so the shop's writes use `recording`;
   * this is for the change log's own tests, which append entries for no write.
   */
  async publish(kind: ChangeKind, id: string): Promise<void> {
    await this.tellOf(kind, [id]);
    await this.append(kind, [id], false).catch((error: unknown) => {
      this.logger.error(
        `Could not append the change of ${kind} ${id}; other instances may not see it: ${String(error)}`,
      );
    });
  }

  /** Registered in a provider's constructor or onModuleInit. */
  subscribe(kind: ChangeKind, subscriber: ChangeSubscriber): void {
    this.subscribers.set(kind, [...this.subscribersOf(kind), subscriber]);
    // Registered after the start-up reload: it has missed everything so far.
    if (this.started) this.stale.add(subscriber);
  }

  /**
   * Before the app serves anything: models loaded (from the kept file and the log since, or
   * read whole), and following from where the load began.
   */
  async onApplicationBootstrap(): Promise<void> {
    const head = await this.readHead();
    this.seen = Math.max(this.seen, head);
    const restored = await this.restoreKept(head);
    this.position = restored?.position ?? head;
    const restoredModels = restored?.subscribers ?? new Set<ChangeSubscriber>();
    await Promise.all(
      [...this.allSubscribers()]
        .filter((subscriber) => !restoredModels.has(subscriber))
        .map((subscriber) => subscriber.reload()),
    );
    if (restored) {
      // The changes since the file was written, before anything is served from it.
      await this.catchUp();
      await this.reloadStale();
    }
    this.started = true;
    this.schedulePoll();
    // Read whole: kept at once, so that the next start need not read everything again.
    this.scheduleSave(restored ? this.config.readModelSnapshots.everyMs : 0);
  }

  /** Before the database connection closes (that happens at application shutdown). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.saveTimer);
    await this.polling;
    await this.saving;
    // The models as they stop, so the next start has nothing to catch up on.
    await this.saveKept();
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

  /**
   * The subscriber re-reads the records `ids`: together if there are several and it can. One
   * that throws is reloaded later rather than stopping anyone else.
   */
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

  /**
   * Appends an entry and returns its number; throws when the entry could not be inserted. The
   * head and the trim that follow are for later appends: a failure there is only logged.
   */
  private async append(
    kind: ChangeKind,
    ids: readonly string[],
    writing: boolean,
  ): Promise<number> {
    const seq = await this.retrying(() =>
      this.oneAtATime(() => this.insertEntry(kind, ids, writing)),
    );
    // Subscribers find the entry without the head; the head is for appends and for spotting gaps.
    try {
      await this.retrying(() =>
        this.head.updateOne({ _id: HEAD }, { $max: { seq } }, { upsert: true }),
      );
    } catch (error) {
      // Only behind a raised head is a trim safe: it keeps trimmed numbers from being taken again.
      this.logger.warn(`Could not raise the change log's head to ${seq}: ${String(error)}`);
      return seq;
    }
    const trimmed = seq - this.config.changeLog.retain;
    if (trimmed < 1) return seq;
    await this.entries.deleteOne({ _id: entryKey(trimmed) }).catch((error: unknown) => {
      this.logger.warn(`Could not trim change log entry ${trimmed}: ${String(error)}`);
    });
    return seq;
  }

  /** The write entry `seq` announced is over; if this fails, the others re-read it anyway. */
  private async confirm(seq: number): Promise<void> {
    try {
      await this.retrying(() =>
        this.entries.updateOne({ _id: entryKey(seq) }, { $unset: { writing: '' } }),
      );
    } catch (error) {
      this.logger.warn(
        `Could not confirm change log entry ${seq}; other instances re-read it within ${UNCONFIRMED_REREAD_MS} ms: ${String(error)}`,
      );
    }
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
  private async insertEntry(
    kind: ChangeKind,
    ids: readonly string[],
    writing: boolean,
  ): Promise<number> {
    let seq = Math.max(await this.readHead(), this.seen) + 1;
    try {
      for (;;) {
        try {
          const entry: ChangeEntry = {
            _id: entryKey(seq),
            seq,
            kind,
            id: ids[0],
            ...(ids.length > 1 && { ids: [...ids] }),
            instance: this.instance,
            at: new Date(),
            ...(writing && { writing: true as const }),
          };
          this.insertingUnder = seq;
          await this.entries.insertOne(entry);
          this.seen = Math.max(this.seen, seq);
          this.own.add(seq);
          if (writing) this.untold.add(seq);
          return seq;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          // Taken, so it exists: the next number leaves no hole. `seen` skips past this
          // instance's own appends that won meanwhile.
          seq = Math.max(seq, this.seen) + 1;
        }
      }
    } finally {
      this.insertingUnder = undefined;
    }
  }

  /** `step`, tried again on failure, APPEND_ATTEMPTS times in all; the last failure is thrown. */
  private async retrying<T>(step: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        if (attempt === APPEND_ATTEMPTS) throw error;
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
      await this.followUnconfirmed();
      await this.reloadStale();
    } catch (error) {
      this.logger.error(`Could not read the change log: ${String(error)}`);
    }
  }

  private async catchUp(): Promise<void> {
    const head = await this.readHead();
    // Those at or below the position were passed already (by a reload, or before the start).
    for (const seq of this.own) if (seq <= this.position) this.own.delete(seq);
    while (!this.stopped) {
      const next = this.position + 1;
      // Read now, this instance's own entry would be taken for another's; the next poll passes it.
      if (next === this.insertingUnder) return;
      if (this.own.delete(next)) {
        this.position = next;
        continue;
      }
      const entry = await this.entries.findOne({ _id: entryKey(next) });
      if (!entry) {
        if (next <= head) this.missed(next, head);
        return;
      }
      this.position = next;
      this.seen = Math.max(this.seen, next);
      if (entry.instance === this.instance) continue;
      const ids = entry.ids ?? [entry.id];
      const together = ids.length > 1;
      // Records changed together are not read half written (see recording).
      if (!(together && entry.writing)) {
        this.applying = next;
        await this.tellOf(entry.kind, ids).finally(() => {
          this.applying = undefined;
        });
      }
      if (entry.writing) {
        this.unconfirmed.set(next, {
          kind: entry.kind,
          ids,
          seenAt: Date.now(),
          rereadAnyway: together,
        });
      }
    }
  }

  /** This instance's subscribers of `kind` re-read the records `ids`. */
  private async tellOf(kind: ChangeKind, ids: readonly string[]): Promise<void> {
    for (const subscriber of this.subscribersOf(kind)) await this.tell(subscriber, ids);
  }

  /**
   * Re-reads the records of entries read while their writes were under way: once confirmed
   * (or trimmed), and in any case UNCONFIRMED_REREAD_MS after they were read, should their
   * writer have stopped; watched no longer than UNCONFIRMED_WATCH_MS.
   */
  private async followUnconfirmed(): Promise<void> {
    for (const [seq, waiting] of this.unconfirmed) {
      if (this.stopped) return;
      const entry = await this.entries.findOne({ _id: entryKey(seq) });
      const age = Date.now() - waiting.seenAt;
      const over = !entry?.writing || age >= UNCONFIRMED_WATCH_MS;
      const anyway = !waiting.rereadAnyway && age >= UNCONFIRMED_REREAD_MS;
      if (anyway) waiting.rereadAnyway = true;
      if (over || anyway) await this.tellOf(waiting.kind, waiting.ids);
      // Only once re-read: until then a kept file must not count the entry as held.
      if (over) this.unconfirmed.delete(seq);
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
    // A file being written holds models as of its position: not replaced under it meanwhile.
    if (this.saving) return;
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

  /** The subscribers whose models are kept in the file, when the shop keeps them. */
  private keptSubscribers(): ChangeSubscriber[] {
    return this.snapshotFile ? [...this.allSubscribers()].filter((s) => s.kept) : [];
  }

  /**
   * Takes the kept models back from the file when it is of this database and the log still
   * holds every entry since its position; null when it is not used (why is logged), and then
   * everything is read from the database.
   */
  private async restoreKept(
    head: number,
  ): Promise<{ position: number; subscribers: Set<ChangeSubscriber> } | null> {
    const kept = this.keptSubscribers();
    if (!this.snapshotFile || kept.length === 0) return null;
    const started = performance.now();
    for (const name of await this.snapshotFile.removeLeftovers()) {
      this.logger.warn(`Removed ${name}, left by a write of the read models that never finished`);
    }
    const notUsed = (why: string) => {
      this.logger.log(`Reading every record: the kept read models are not used, as ${why}`);
      return null;
    };
    let read: SnapshotRead | undefined;
    try {
      read = await this.snapshotFile.read();
      if ('unusable' in read) return notUsed(read.unusable);
      const { stamp } = read.snapshot;
      if (stamp.origin !== (await this.origin())) return notUsed('they are of another database');
      if (stamp.position > head) return notUsed('the change log is behind them');
      if ((await this.positionAt(stamp.position)) !== stamp.positionAt) {
        return notUsed('their entry of the change log is gone or another');
      }
      if (stamp.position < head && (await this.entryAt(stamp.position + 1)) === undefined) {
        return notUsed('the change log no longer holds every change since');
      }
      const subscribers = new Set<ChangeSubscriber>();
      for (const subscriber of kept) {
        const records = read.snapshot.recordsOf(subscriber.kept!.name);
        if (!records) continue;
        await subscriber.kept!.restore(records);
        subscribers.add(subscriber);
      }
      this.savedPosition = stamp.position;
      this.logger.log(
        `Read models kept at change ${stamp.position} taken back in ${Math.round(performance.now() - started)} ms; ` +
          `catching up on ${head - stamp.position} changes since`,
      );
      return { position: stamp.position, subscribers };
    } catch (error) {
      // A model half taken back is replaced by the full read that follows.
      return notUsed(`they could not be read: ${String(error)}`);
    } finally {
      if (read && 'snapshot' in read) read.snapshot.close();
    }
  }

  /** When entry `seq` was appended (milliseconds); undefined if it is not there. */
  private async entryAt(seq: number): Promise<number | undefined> {
    const entry = await this.entries.findOne({ _id: entryKey(seq) }, { projection: { at: 1 } });
    return entry ? new Date(entry.at).getTime() : undefined;
  }

  /** A file's `positionAt` for `position`: null before any entry, undefined if it is gone. */
  private positionAt(position: number): Promise<number | null | undefined> {
    return position > 0 ? this.entryAt(position) : Promise.resolve(null);
  }

  /** This database's own id, made by the first instance to ask. */
  private async origin(): Promise<string> {
    const found = await this.origins.findOne({ _id: ORIGIN });
    if (found) return found.id;
    try {
      await this.origins.insertOne({ _id: ORIGIN, id: randomUUID() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return (await this.origins.findOne({ _id: ORIGIN }))!.id;
  }

  private scheduleSave(delayMs: number): void {
    if (this.stopped || this.keptSubscribers().length === 0) return;
    this.saveTimer = setTimeout(() => {
      this.saving = this.saveKept().finally(() => {
        this.saving = undefined;
        this.scheduleSave(this.config.readModelSnapshots.everyMs);
      });
    }, delayMs);
    this.saveTimer.unref();
  }

  /**
   * Writes the kept models to the file, with the position they hold every change up to. Not
   * while a model waits to be reloaded, nor when nothing changed since the last file. A failure
   * is logged: the next start reads everything, as it would without the file.
   */
  private async saveKept(): Promise<void> {
    const kept = this.keptSubscribers();
    if (!this.snapshotFile || kept.length === 0 || this.stale.size > 0) return;
    const position = Math.min(
      this.position,
      ...[this.applying, ...this.untold, ...this.unconfirmed.keys()].flatMap((seq) =>
        seq === undefined ? [] : [seq - 1],
      ),
    );
    if (position === this.savedPosition) return;
    const started = performance.now();
    try {
      const positionAt = await this.positionAt(position);
      // Trimmed already: the next start could not catch up from it.
      if (positionAt === undefined) return;
      const stamp: SnapshotStamp = { origin: await this.origin(), position, positionAt };
      const { bytes } = await this.snapshotFile.write(
        stamp,
        kept.map((subscriber) => subscriber.kept!),
      );
      this.savedPosition = position;
      this.logger.log(
        `Read models kept at change ${position} (${(bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
      );
    } catch (error) {
      this.logger.warn(`Could not keep the read models: ${String(error)}`);
    }
  }
}
