import { describe, expect, it } from 'vitest';
import { PeriodicRound } from './periodic-round';

/** A task whose rounds end when the test says so, counting the rounds begun. */
function heldTask() {
  const ends: Array<() => void> = [];
  let begun = 0;
  const task = () =>
    new Promise<number>((resolve) => {
      begun += 1;
      const round = begun;
      ends.push(() => resolve(round));
    });
  return { task, begun: () => begun, endRound: (index: number) => ends[index]() };
}

describe('PeriodicRound', () => {
  it('gives a caller who asks during a round the next round, begun after the one running', async () => {
    const held = heldTask();
    const rounds = new PeriodicRound(held.task);
    const first = rounds.run();
    const asked = rounds.run();
    const askedToo = rounds.run();
    expect(held.begun()).toBe(1);

    held.endRound(0);
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(held.begun()).toBe(2);
    held.endRound(1);
    expect(await asked).toBe(2);
    expect(await askedToo).toBe(2);
    expect(held.begun()).toBe(2);
  });

  it('runs a new round for a caller who asks when none runs', async () => {
    const held = heldTask();
    const rounds = new PeriodicRound(held.task);
    const first = rounds.run();
    held.endRound(0);
    await first;
    const second = rounds.run();
    held.endRound(1);
    expect(await second).toBe(2);
  });

  it('runs the queued round even when the one before it failed', async () => {
    let calls = 0;
    const rounds = new PeriodicRound(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first round failed');
      return calls;
    });
    const first = rounds.run();
    const second = rounds.run();
    await expect(first).rejects.toThrow('first round failed');
    expect(await second).toBe(2);
  });

  it('stop waits for the queued round too', async () => {
    const held = heldTask();
    const rounds = new PeriodicRound(held.task);
    void rounds.run();
    const queued = rounds.run();
    let stopped = false;
    const stopping = rounds.stop().then(() => (stopped = true));
    held.endRound(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stopped).toBe(false);
    held.endRound(1);
    await stopping;
    expect(await queued).toBe(2);
  });
});
