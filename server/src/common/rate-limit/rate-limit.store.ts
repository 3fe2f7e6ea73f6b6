/**
 * Where attempt counters live. The default keeps them in this process; a shop that
 * runs several instances binds RATE_LIMIT_STORE to a shared implementation (Redis).
 */
export interface RateLimitStore {
  /** Counts one attempt under `key` and returns the attempts within the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    window.count += 1;
    return window.count;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
