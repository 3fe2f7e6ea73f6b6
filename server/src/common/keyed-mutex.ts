/**
 * Runs tasks that share a key one after another, within this process.
 *
 * Why: FerretDB 1.24 on SQLite applies an update by reading the document and writing
 * it back outside a transaction, so two concurrent conditional `$inc`s on one product
 * can both pass their condition (FerretDB issue 3040). MongoDB makes such an update
 * atomic by itself; the embedded engine only ever serves one process, so a lock in
 * that process closes the gap. Several instances must therefore run on MongoDB.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Holds every key's lock (taken in sorted order, so two callers never deadlock). */
  runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    // Sorted once: an import holds 2,000 keys, and sorting the rest at each key took seconds.
    return this.runInOrder([...new Set(keys)].sort(), 0, task);
  }

  private runInOrder<T>(keys: readonly string[], at: number, task: () => Promise<T>): Promise<T> {
    if (at === keys.length) return task();
    return this.run(keys[at], () => this.runInOrder(keys, at + 1, task));
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
