/**
 * A task run at once and then every `everyMs`, one round at a time: a round asked for while one
 * runs joins it rather than starting another. `stop` waits for the round under way. The task
 * catches its own failures (an interval has nobody to report them to).
 */
export class PeriodicRound<T> {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<T> | undefined;

  constructor(private readonly task: () => Promise<T>) {}

  start(everyMs: number): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), everyMs);
    this.timer.unref();
  }

  run(): Promise<T> {
    this.round ??= this.task().finally(() => (this.round = undefined));
    return this.round;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }
}
