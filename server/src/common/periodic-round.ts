/**
 * A task run at once and then every `everyMs`, one round at a time. A round asked for while one
 * runs is queued to start when that one ends (callers meanwhile share it), so whoever asks gets
 * a round that began after their request and saw what they changed before it; the timer skips a
 * tick instead. `stop` waits for the rounds under way. The task catches its own failures (an
 * interval has nobody to report them to).
 */
export class PeriodicRound<T> {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<T> | undefined;
  private next: Promise<T> | undefined;

  constructor(private readonly task: () => Promise<T>) {}

  start(everyMs: number): void {
    void this.run();
    this.timer = setInterval(() => {
      if (!this.round) void this.run();
    }, everyMs);
    this.timer.unref();
  }

  run(): Promise<T> {
    if (this.next) return this.next;
    if (!this.round) return this.begin();
    const after = () => {
      this.next = undefined;
      return this.begin();
    };
    this.next = this.round.then(after, after);
    return this.next;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await (this.next ?? this.round);
  }

  private begin(): Promise<T> {
    this.round = this.task().finally(() => (this.round = undefined));
    return this.round;
  }
}
