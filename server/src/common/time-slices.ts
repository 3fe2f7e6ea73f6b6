import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of a long task may hold the event loop. */
export const SLICE_MS = 10;

/**
 * Cuts a long synchronous task (reading a file of thousands of lines, checking each) into
 * slices of about `budgetMs`: `next()` is called between steps and gives the event loop a
 * turn once the slice is spent, so other requests (and /healthz) are answered meanwhile.
 * setImmediate, not a promise: microtasks run before I/O, so awaiting them alone never
 * lets a request in.
 */
export class TimeSlices {
  private since = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  async next(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}
