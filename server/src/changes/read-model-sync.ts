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
