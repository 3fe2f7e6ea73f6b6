import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import {
  ChangeSubscriber,
  ChangeKind,
  ChangeLog,
  CHANGES_COLLECTION,
  entryKey,
  UNCONFIRMED_REREAD_MS,
} from '../../src/changes/change-log.service';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startTestApp, TestApp, useTestShop } from '../support/test-app';

/** A read model's stand-in: records what it is told, and can be held or made to fail. */
class FakeFollower implements ChangeSubscriber {
  reloads = 0;
  changes: string[] = [];
  failing = false;
  onReload: (() => Promise<void>) | undefined;
  private held: Promise<void> | undefined;

  async reload(): Promise<void> {
    this.reloads++;
    await this.onReload?.();
  }

  async changed(id: string): Promise<void> {
    this.changes.push(id);
    await this.held;
    if (this.failing) throw new Error(`model could not re-read ${id}`);
  }

  /** Holds every `changed` call until the returned function is called: a stalled instance. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }
}

/** Waits for `done`, at most `ms`; answers how long it took. */
async function within(ms: number, done: () => boolean): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > ms) throw new Error(`not done within ${ms} ms`);
    await sleep(20);
  }
  return Date.now() - start;
}

/** Registers `followers` with an app's change log, as read models do before it starts. */
function follow(app: NestExpressApplication, followers: [ChangeKind, ChangeSubscriber][]): void {
  for (const [kind, follower] of followers) app.get(ChangeLog).subscribe(kind, follower);
}

const logOf = (test: TestApp) => test.app.get(ChangeLog);
/** The log as stored: numbered entries, and the head. */
const entries = (test: TestApp) =>
  test.connection.collection<{ _id: string; seq: number; id: string; writing?: true }>(
    CHANGES_COLLECTION,
  );

describe('ChangeLog: two instances on one database', () => {
  // Two fresh instances and fresh followers for each test, so no test sees another's entries.
  let aProducts: FakeFollower;
  let aCategories: FakeFollower;
  let bProducts: FakeFollower;
  let bCategories: FakeFollower;
  let bOrders: FakeFollower;
  let bOrdersFailing: FakeFollower;
  const a = useTestShop({
    eachTest: true,
    beforeInit: (app) => {
      aProducts = new FakeFollower();
      aCategories = new FakeFollower();
      follow(app, [
        ['product', aProducts],
        ['category', aCategories],
      ]);
    },
  });
  const b = useTestShop({
    eachTest: true,
    sharing: a,
    beforeInit: (app) => {
      bProducts = new FakeFollower();
      bCategories = new FakeFollower();
      bOrders = new FakeFollower();
      bOrdersFailing = new FakeFollower();
      follow(app, [
        ['product', bProducts],
        ['category', bCategories],
        ['order', bOrdersFailing],
        ['order', bOrders],
      ]);
    },
  });

  it('reloads every follower once while the app starts, before it answers', () => {
    for (const follower of [
      aProducts,
      aCategories,
      bProducts,
      bCategories,
      bOrders,
      bOrdersFailing,
    ]) {
      expect(follower.reloads).toBe(1);
    }
  });

  it('follows on from where the start-up reload began, so a write during it is not lost', async () => {
    const late = new FakeFollower();
    late.onReload = () => logOf(a).publish('product', 'written-while-c-loads');
    // A third instance, started by the test itself: its start-up is what is checked.
    const c = await startTestApp(
      {},
      { database: a.database, beforeInit: (app) => follow(app, [['product', late]]) },
    );
    try {
      expect(late.reloads).toBe(1);
      await within(2000, () => late.changes.includes('written-while-c-loads'));
    } finally {
      await c.app.close();
    }
  });

  it('calls this instance’s followers before announce returns, and appends an entry', async () => {
    await logOf(a).publish('product', 'kettle-1');
    expect(aProducts.changes).toContain('kettle-1');
    expect(aCategories.changes).not.toContain('kettle-1');

    const head = await entries(a).findOne({ _id: 'head' });
    const entry = await entries(a).findOne({ _id: entryKey(head!.seq) });
    expect(entry).toMatchObject({
      _id: String(head!.seq),
      seq: head!.seq,
      kind: 'product',
      id: 'kettle-1',
      instance: expect.any(String),
      at: expect.any(Date),
    });
  });

  it.skipIf(Boolean(process.env.MONGODB_URI))(
    'keys the log by strings, which the embedded engine looks up by index (numbers it scans)',
    async () => {
      await logOf(a).publish('product', 'an-entry');
      const pushedDown = async (_id: unknown) =>
        (await a.connection.db!.command({ explain: { find: CHANGES_COLLECTION, filter: { _id } } }))
          .filterPushdown;
      expect(await pushedDown('head')).toBe(true);
      expect(await pushedDown(entryKey(1))).toBe(true);
      expect(await pushedDown(1)).toBe(false);
    },
  );

  it('tells the other instance within 2 s, and does not echo an instance’s own entries', async () => {
    await logOf(a).publish('category', 'sarees');
    const took = await within(2000, () => bCategories.changes.includes('sarees'));
    expect(took).toBeLessThan(2000);

    await logOf(b).publish('category', 'spices');
    await within(2000, () => aCategories.changes.includes('spices'));
    await sleep(4 * a.config.changeLog.pollIntervalMs);
    expect(aCategories.changes).toEqual(['sarees', 'spices']);
    expect(bCategories.changes).toEqual(['sarees', 'spices']);
  });

  it('does not read its own entries back, while the other instance reads them', async () => {
    const log = entries(a);
    const findOne = log.findOne.bind(log);
    // The entries its reads found (a read of the next number before it exists finds none).
    const read: unknown[] = [];
    const spy = vi.spyOn(log, 'findOne').mockImplementation((async (filter: object) => {
      const found = await findOne(filter);
      read.push(found?._id);
      return found;
    }) as never);
    // Each insert answers only after polls have run: they find the entry before its writer
    // knows its number, and must not read it back as another instance's.
    const insertOne = log.insertOne.bind(log);
    const slowInsert = vi.spyOn(log, 'insertOne').mockImplementation((async (entry: never) => {
      const done = await insertOne(entry);
      await sleep(3 * a.config.changeLog.pollIntervalMs);
      return done;
    }) as never);
    const ids = ['jute', 'linen', 'khadi'];
    for (const id of ids) await logOf(a).publish('category', id);
    await within(2000, () => bCategories.changes.includes('khadi'));
    await sleep(4 * a.config.changeLog.pollIntervalMs);
    spy.mockRestore();
    slowInsert.mockRestore();

    const numbers = (await log.find({ id: { $in: ids } }).toArray()).map((entry) => entry._id);
    expect(numbers).toHaveLength(3);
    expect(read.filter((key) => numbers.includes(key as string))).toEqual([]);
    // Its polls went on reading the log all the while.
    expect(read.length).toBeGreaterThan(4);
    expect(bCategories.changes).toEqual(ids);
  });

  it('numbers entries without holes or repeats when both instances announce at once', async () => {
    // The log of a fresh shop may not have its head yet.
    const first = ((await entries(a).findOne({ _id: 'head' }))?.seq ?? 0) + 1;
    const ids = (prefix: string) => Array.from({ length: 30 }, (_, i) => `${prefix}-${i}`);
    await Promise.all([
      ...ids('a').map((id) => logOf(a).publish('product', id)),
      ...ids('b').map((id) => logOf(b).publish('product', id)),
    ]);

    const appended: string[] = [];
    for (let seq = first; ; seq++) {
      const entry = await entries(a).findOne({ _id: entryKey(seq) });
      if (!entry) break;
      expect(entry.seq).toBe(seq);
      appended.push(entry.id);
    }
    expect(appended.sort()).toEqual([...ids('a'), ...ids('b')].sort());

    // B heard its own at once and A's from the log: each exactly once.
    const heard = () => bProducts.changes.filter((id) => /^[ab]-\d+$/.test(id));
    await within(2000, () => heard().length === 60);
    await sleep(4 * b.config.changeLog.pollIntervalMs);
    expect(heard().sort()).toEqual([...ids('a'), ...ids('b')].sort());
  });

  it('publish, after a write: does not fail it when the log cannot be written, and keeps appending after', async () => {
    // The service's collection is the connection's own object for that name.
    const insert = vi.spyOn(entries(a), 'insertOne').mockRejectedValue(new Error('disk I/O error'));
    try {
      const started = Date.now();
      await expect(logOf(a).publish('product', 'unlogged')).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(insert).toHaveBeenCalledTimes(3);
      expect(aProducts.changes).toContain('unlogged');
    } finally {
      insert.mockRestore();
    }
    await logOf(a).publish('product', 'logged-again');
    await within(2000, () => bProducts.changes.includes('logged-again'));
    expect(bProducts.changes).not.toContain('unlogged');
  });

  it('announces a change before its write, marked until the write is over', async () => {
    let during: { writing?: true } | null = null;
    const result = await logOf(a).recording('product', 'lamp-1', async () => {
      const head = await entries(a).findOne({ _id: 'head' });
      during = await entries(a).findOne({ _id: entryKey(head!.seq) });
      expect(aProducts.changes).not.toContain('lamp-1');
      return 'written';
    });
    expect(result).toBe('written');
    expect(during).toMatchObject({ kind: 'product', id: 'lamp-1', writing: true });
    expect(aProducts.changes).toContain('lamp-1');
    const head = await entries(a).findOne({ _id: 'head' });
    expect(await entries(a).findOne({ _id: entryKey(head!.seq) })).not.toHaveProperty('writing');
    await within(2000, () => bProducts.changes.includes('lamp-1'));
  });

  it('refuses the write when its change cannot be announced: the write never runs', async () => {
    const insert = vi.spyOn(entries(a), 'insertOne').mockRejectedValue(new Error('disk I/O error'));
    const write = vi.fn(async () => 'written');
    try {
      await expect(logOf(a).recording('product', 'unannounced', write)).rejects.toThrow(
        'disk I/O error',
      );
    } finally {
      insert.mockRestore();
    }
    expect(write).not.toHaveBeenCalled();
    expect(aProducts.changes).not.toContain('unannounced');
  });

  it('has the others re-read a write whose confirmation the database refuses, within 5 s', async () => {
    const confirm = vi
      .spyOn(entries(a), 'updateOne')
      .mockRejectedValue(new Error('database is locked'));
    try {
      await logOf(a).recording('product', 'unconfirmed', async () => 'written');
    } finally {
      confirm.mockRestore();
    }
    // Read once when seen (maybe before the write), and again once the mark has stood too long.
    const took = await within(
      5000,
      () => bProducts.changes.filter((id) => id === 'unconfirmed').length >= 2,
    );
    expect(took).toBeGreaterThanOrEqual(UNCONFIRMED_REREAD_MS - 500);
  });

  it('goes on following when a follower throws, and reloads that follower', async () => {
    bOrdersFailing.failing = true;
    await logOf(a).publish('order', 'order-1');
    await logOf(a).publish('order', 'order-2');
    await within(2000, () => bOrders.changes.length === 2);
    expect(bOrders.changes).toEqual(['order-1', 'order-2']);
    expect(bOrdersFailing.changes).toEqual(['order-1', 'order-2']);
    await within(2000, () => bOrdersFailing.reloads > 1);
    expect(bOrders.reloads).toBe(1);

    bOrdersFailing.failing = false;
    await logOf(a).publish('order', 'order-3');
    await within(2000, () => bOrders.changes.includes('order-3'));
    expect(bOrdersFailing.changes).toContain('order-3');
  });
});

describe('ChangeLog: a log trimmed to its latest entries', () => {
  const RETAIN = 10;
  const env = { CHANGE_LOG_RETAIN: String(RETAIN) };
  let bProducts: FakeFollower;
  let bCategories: FakeFollower;
  const a = useTestShop({ env, eachTest: true });
  const b = useTestShop({
    env,
    eachTest: true,
    sharing: a,
    beforeInit: (app) => {
      bProducts = new FakeFollower();
      bCategories = new FakeFollower();
      follow(app, [
        ['product', bProducts],
        ['category', bCategories],
      ]);
    },
  });

  /** B stuck on a change of A's while A goes on writing; then B goes on. */
  async function stallWhile(appendAndTamper: () => Promise<void>): Promise<void> {
    const release = bProducts.hold();
    await logOf(a).publish('product', 'stall');
    await within(2000, () => bProducts.changes.at(-1) === 'stall');
    await appendAndTamper();
    release();
  }

  it('keeps only the latest entries, deleted by number', async () => {
    for (let i = 0; i < 3 * RETAIN; i++) await logOf(a).publish('category', `c-${i}`);
    const head = (await entries(a).findOne({ _id: 'head' }))!.seq;
    expect(head).toBe(3 * RETAIN);
    expect(await entries(a).findOne({ _id: entryKey(head - RETAIN) })).toBeNull();
    expect(await entries(a).findOne({ _id: entryKey(head - RETAIN + 1) })).not.toBeNull();
    expect(await entries(a).countDocuments()).toBe(RETAIN + 1);
  });

  it('reloads an instance that fell behind the trimmed entries, which then follows on', async () => {
    // Let B settle after its start.
    await sleep(4 * b.config.changeLog.pollIntervalMs);
    const reloads = { products: bProducts.reloads, categories: bCategories.reloads };
    await stallWhile(async () => {
      for (let i = 0; i < 2 * RETAIN; i++) await logOf(a).publish('product', `lost-${i}`);
    });
    await within(
      2000,
      () => bProducts.reloads > reloads.products && bCategories.reloads > reloads.categories,
    );
    expect(bProducts.changes).not.toContain('lost-0');

    await logOf(a).publish('product', 'after-the-gap');
    await within(2000, () => bProducts.changes.includes('after-the-gap'));
  });

  it('reloads an instance that finds a hole in the log', async () => {
    const reloads = bProducts.reloads;
    await stallWhile(async () => {
      for (const id of ['before-hole', 'hole', 'after-hole']) {
        await logOf(a).publish('product', id);
      }
      const head = (await entries(a).findOne({ _id: 'head' }))!.seq;
      await entries(a).deleteOne({ _id: entryKey(head - 1) });
    });
    await within(2000, () => bProducts.reloads > reloads);
    expect(bProducts.changes).toContain('before-hole');
    expect(bProducts.changes).not.toContain('hole');

    await logOf(a).publish('product', 'after-the-hole');
    await within(2000, () => bProducts.changes.includes('after-the-hole'));
  });
});
