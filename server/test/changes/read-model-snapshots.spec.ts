import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/catalogue/read-model/catalogue';
import {
  ChangeLog,
  ChangeSubscriber,
  CHANGES_COLLECTION,
  entryKey,
} from '../../src/changes/change-log.service';
import { ReadModelSnapshotFile, SnapshotStamp } from '../../src/changes/read-model-snapshots';
import { ORDER_STATUSES } from '../../src/orders/order.schema';
import { OrderIndex } from '../../src/orders/order-index';
import { newProduct, placeOrder, productBySlug } from '../support/fixtures';
import { startTestApp, TestApp, useTestShop } from '../support/test-app';

const FUTURE = 8.64e15;
const folders: string[] = [];

/** Settings of a shop keeping its read models in a folder of its own. */
function keeping(extra: Record<string, string> = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'shop-kept-'));
  folders.push(folder);
  const file = join(folder, 'read-models.snapshot');
  return { env: { READ_MODEL_SNAPSHOTS: 'true', DATA_DIR: folder, ...extra }, file };
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function stampOf(file: string): Promise<SnapshotStamp | null> {
  const read = await new ReadModelSnapshotFile(file).read();
  if (!('snapshot' in read)) return null;
  read.snapshot.close();
  return read.snapshot.stamp;
}

async function until<T>(
  what: string,
  ms: number,
  value: () => Promise<T> | T,
): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const found = await value();
    if (found) return found as NonNullable<T>;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

/** What the catalogue and the order index answer: every record and list they serve. */
function modelsOf(test: TestApp) {
  const catalogue = test.app.get(Catalogue);
  const orders = test.app.get(OrderIndex);
  return {
    products: catalogue.find({}, 'newest', 0, 100_000),
    byPrice: catalogue.find({}, 'price-asc', 0, 100_000).items.map((product) => product._id),
    found: catalogue.find({ search: 'headphones' }, 'relevance', 0, 100).items.map((p) => p._id),
    categories: catalogue.categoryList(),
    settled: orders.settledSince(0),
    paid: ORDER_STATUSES.map((status) => orders.paidCount(status)),
    open: orders.stale(new Date(FUTURE), 100_000),
    unpaid: orders.expired(FUTURE, 100_000),
  };
}

/** Renames a product in the database itself, unknown to the change log. */
async function renameByHand(test: TestApp, id: string, name: string): Promise<void> {
  await test.connection
    .collection('products')
    .updateOne({ _id: new Types.ObjectId(id) }, { $set: { name } });
}

const nameOn = (test: TestApp, id: string) => test.app.get(Catalogue).productById(id)?.name;

describe('read models kept between starts', () => {
  const kept = keeping();
  const a = useTestShop({ seed: true, env: kept.env });
  /** The file as A kept it after its start, before the changes below. */
  const early = `${kept.file}.early`;
  let earlyStamp: SnapshotStamp;
  let untouched: string;

  /** Starts another instance on A's database with `file` in place of A's. */
  async function startWith(
    file: string | null,
    env: Record<string, string> = kept.env,
  ): Promise<TestApp> {
    if (file) copyFileSync(file, kept.file);
    else rmSync(kept.file, { force: true });
    return startTestApp(env, { database: a.database });
  }

  it('takes them from the file and the change log since, and serves what a full read serves', async () => {
    earlyStamp = await until('the file kept after the start', 10_000, () => stampOf(kept.file));
    copyFileSync(kept.file, early);
    expect(earlyStamp.origin).toMatch(/^[0-9a-f-]{36}$/);

    // Changes after the file: a price, a product made and one deleted, stock and an order.
    const headphones = await productBySlug(a, 'boat-rockerz-450-bluetooth-headphones');
    await a
      .http()
      .put(`/api/v1/product/update-product/${headphones.id}`)
      .set(a.admin.auth)
      .field('price', '1234')
      .expect(200);
    await newProduct(a, a.admin, { name: 'Headphones Stand of Sheesham' });
    const others = a.app
      .get(Catalogue)
      .find({}, 'newest', 0, 100)
      .items.map((product) => String(product._id))
      .filter((id) => id !== headphones.id);
    const deleted = others[others.length - 1];
    untouched = others[others.length - 2];
    await a
      .http()
      .delete(`/api/v1/product/delete-product/${deleted}`)
      .set(a.admin.auth)
      .expect(200);
    await placeOrder(a, a.shopper, headphones.id, 2);
    const onA = modelsOf(a);

    // Unknown to the log: a start that takes the file serves the name the file holds.
    await renameByHand(a, untouched, 'Renamed by hand');
    const b = await startWith(early);
    try {
      const onB = modelsOf(b);
      expect(onB.products.total).toBe(onA.products.total);
      expect(onB).toEqual(onA);
      expect(onB.products.items.some((p) => String(p._id) === deleted)).toBe(false);
      expect(nameOn(b, untouched)).not.toBe('Renamed by hand');
    } finally {
      await b.app.close();
    }
    // Read whole, as without the file, the hand's name shows.
    const c = await startWith(null, { READ_MODEL_SNAPSHOTS: 'false' });
    try {
      expect(nameOn(c, untouched)).toBe('Renamed by hand');
    } finally {
      await c.app.close();
    }
  });

  it('reads everything when the file is cut short, or the log no longer holds its changes', async () => {
    await renameByHand(a, untouched, 'Renamed again by hand');
    const readsEverything = async (file: string) => {
      const started = await startWith(file);
      try {
        expect(nameOn(started, untouched)).toBe('Renamed again by hand');
      } finally {
        await started.app.close();
      }
    };

    const bytes = readFileSync(early);
    const cut = `${early}.cut`;
    writeFileSync(cut, bytes.subarray(0, bytes.length - 7));
    await readsEverything(cut);

    // A byte of a record changed: the records cannot be read back.
    const damaged = `${early}.damaged`;
    const broken = Buffer.from(bytes);
    broken.writeInt32LE(0x7fffffff, 200);
    writeFileSync(damaged, broken);
    await readsEverything(damaged);

    const changes = a.connection.collection<{ _id: string; at: Date }>(CHANGES_COLLECTION);
    // Its own entry stamped otherwise: a log numbered alike, of another history.
    const own = await changes.findOne({ _id: entryKey(earlyStamp.position) });
    if (own) {
      await changes.updateOne({ _id: own._id }, { $set: { at: new Date(0) } });
      await readsEverything(early);
      await changes.updateOne({ _id: own._id }, { $set: { at: own.at } });
    }
    // The entry after it gone, as the log's trimming takes it.
    const next = await changes.findOneAndDelete({ _id: entryKey(earlyStamp.position + 1) });
    expect(next).not.toBeNull();
    await readsEverything(early);
    await changes.insertOne(next!);
  });

  it('does not take the file of another database, even one holding a copy of the log', async () => {
    copyFileSync(early, kept.file);
    const log = await a.connection.collection(CHANGES_COLLECTION).find().toArray();
    const copied = log.filter((entry) => String(entry._id) !== 'origin');
    expect(copied.length).toBeGreaterThan(earlyStamp.position);
    const other = await startTestApp(kept.env, {
      fill: async (connection) => {
        await connection.collection(CHANGES_COLLECTION).insertMany(copied);
      },
    });
    try {
      expect(other.app.get(Catalogue).productCount).toBe(0);
      expect(other.app.get(OrderIndex).settledSince(0)).toEqual([]);
    } finally {
      // Stopped first: it keeps its models as it stops, which would make its database again.
      await other.app.close();
      await a.connection.useDb(other.database).dropDatabase();
    }
  });
});

describe('a kept file holding a product twice', () => {
  const shop = useTestShop({ seed: true });

  // Kept while the product moved in the lists: Map iteration meets it again once it is set again.
  it('is held once, as the file last holds it', async () => {
    const catalogue = shop.app.get(Catalogue);
    const held = catalogue.find({}, 'newest', 0, 100).items;
    const moved = { ...held[3], price: held[3].price + 100_00 };
    await catalogue.reloadProducts([...held, moved]);
    for (const order of ['newest', 'price-asc', 'name-asc'] as const) {
      const listed = catalogue.find({}, order, 0, 100);
      expect(listed.total).toBe(held.length);
      const shown = listed.items.filter((product) => String(product._id) === String(moved._id));
      expect(shown).toEqual([moved]);
    }
    expect(catalogue.productBySlug(moved.slug)).toEqual(moved);
  });
});

describe('what a kept file counts as held', () => {
  const kept = keeping({ READ_MODEL_SNAPSHOT_EVERY_MS: '1000' });
  /** A read model's stand-in whose re-reads can be held, as a slow database would. */
  const written: string[] = [];
  let release: (() => void) | undefined;
  const follower: ChangeSubscriber = {
    reload: async () => {},
    changed: async () => {
      await new Promise<void>((resolve) => (release = resolve));
    },
    kept: {
      name: 'notes',
      records: () => written.map((note) => ({ note })),
      restore: async () => {},
    },
  };
  const d = useTestShop({
    env: kept.env,
    beforeInit: (app) => app.get(ChangeLog).subscribe('product', follower),
  });

  it('is never a change whose records are still being re-read', async () => {
    const log = d.app.get(ChangeLog);
    const id = new Types.ObjectId().toHexString();
    const writing = (note: string) =>
      log.recording('product', id, async () => {
        written.push(note);
      });
    // One change whose re-read is over, then one held in it.
    const first = writing('first');
    await until('the first re-read', 5_000, () => release);
    release!();
    release = undefined;
    await first;
    const second = writing('second');
    await until('the second re-read', 5_000, () => release);
    const entries = d.connection.collection<{ _id: string; seq: number }>(CHANGES_COLLECTION);
    const last = (await entries
      .find({ seq: { $exists: true } })
      .sort({ seq: -1 })
      .limit(1)
      .next())!;

    // Saves come every second: the file reaches the first change, and stays before the second.
    const stamp = await until('a file with the first change', 10_000, async () => {
      const found = await stampOf(kept.file);
      return found && found.position >= last.seq - 1 ? found : null;
    });
    expect(stamp.position).toBe(last.seq - 1);
    await sleep(2_500);
    expect((await stampOf(kept.file))!.position).toBe(last.seq - 1);

    release!();
    await second;
    const after = await until('a file with the second change', 10_000, async () => {
      const found = await stampOf(kept.file);
      return found && found.position === last.seq ? found : null;
    });
    expect(after.position).toBe(last.seq);
    expect(readdirSync(dirname(kept.file)).filter((name) => name.endsWith('.writing'))).toEqual([]);
  });
});
