import { KeyedMutex } from '../common/keyed-mutex';
import { TimeSlices } from '../common/time-slices';

/** Records read at once when many changed together. */
const READS_AT_ONCE = 20;

/**
 * The bookkeeping a read model following the change log needs around its two operations
 * (ChangeSubscriber): re-reading one record is done one at a time per record, so the last read
 * wins; and a change published while a reload reads may or may not be in what it read, so
 * it is re-read once the reload is in place. Meanwhile the model is served as it was.
 */
export class ReadModelSync {
  private readonly applying = new KeyedMutex();
  /** Set while a reload reads: the ids changed meanwhile. */
  private changedDuringReload: Set<string> | null = null;

  /** `reread(id)` reads the record `id` by `_id` and applies it (null: it is gone). */
  constructor(private readonly reread: (id: string) => Promise<void>) {}

  async reload(readAll: () => Promise<void>): Promise<void> {
    this.changedDuringReload ??= new Set();
    try {
      await readAll();
    } finally {
      const missed = this.changedDuringReload;
      this.changedDuringReload = null;
      for (const id of missed ?? []) await this.changed(id);
    }
  }

  changed(id: string): Promise<void> {
    this.changedDuringReload?.add(id);
    return this.applying.run(id, () => this.reread(id));
  }

  /**
   * Records changed together: each is read (`read`, by `_id`), then all are applied at once
   * (`applyAll`), so no reader sees some of them changed and others not. Every record's turn is
   * held throughout, as `changed` holds it for one.
   */
  changedTogether<T>(
    ids: readonly string[],
    read: (id: string) => Promise<T>,
    applyAll: (found: ReadonlyMap<string, T>) => void | Promise<void>,
  ): Promise<void> {
    for (const id of ids) this.changedDuringReload?.add(id);
    return this.applying.runAll(ids, async () => {
      const found = new Map<string, T>();
      // A few reads at a time, with turns of the event loop between: sending 2,000 queries
      // at once holds it for a third of a second.
      const slices = new TimeSlices();
      for (let at = 0; at < ids.length; at += READS_AT_ONCE) {
        const some = ids.slice(at, at + READS_AT_ONCE);
        await Promise.all(some.map(async (id) => found.set(id, await read(id))));
        await slices.next();
      }
      await applyAll(found);
    });
  }
}

/**
 * A read model held only once it is first asked for (a process that never asks holds nothing),
 * then kept in step through the change log. `readAll` reads everything afresh; `reread` applies
 * one record, read by `_id`, to what is held.
 */
export class ReadOnFirstUse<T> {
  private held: T | null = null;
  private loading: Promise<T> | null = null;
  private readonly sync = new ReadModelSync((id) =>
    this.held === null ? Promise.resolve() : this.reread(this.held, id),
  );

  constructor(
    private readonly readAll: () => Promise<T>,
    private readonly reread: (held: T, id: string) => Promise<void>,
  ) {}

  /** What is held, read first if nothing is yet (one read for callers who ask meanwhile). */
  get(): Promise<T> {
    if (this.held !== null) return Promise.resolve(this.held);
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** What the change log calls (ChangeLog.subscribe): nothing held is nothing to reload. */
  readonly subscriber = {
    reload: async (): Promise<void> => {
      if (this.held !== null) await this.load();
    },
    changed: (id: string): Promise<void> => this.sync.changed(id),
  };

  private async load(): Promise<T> {
    await this.sync.reload(async () => {
      this.held = await this.readAll();
    });
    return this.held!;
  }
}
