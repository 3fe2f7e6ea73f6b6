import { spawn, spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KeptReadModel,
  ReadModelSnapshotFile,
  SnapshotRead,
} from '../../src/changes/read-model-snapshots';

const folder = mkdtempSync(join(tmpdir(), 'shop-snapshot-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const STAMP = { origin: 'a1b2c3', position: 42, positionAt: 1_764_000_000_000 };

/** A model of `records` kept as they are, taking back what it is given. */
function model(name: string, records: object[]): KeptReadModel & { restored: object[] } {
  const restored: object[] = [];
  return {
    name,
    restored,
    records: () => records,
    restore: async (given) => {
      for (const record of given) restored.push(record);
    },
  };
}

function snapshotOf(read: SnapshotRead) {
  if (!('snapshot' in read)) throw new Error(`not usable: ${read.unusable}`);
  return read.snapshot;
}

describe('the file read models are kept in', () => {
  // Over 3 MB in all, so records cross the 1 MB chunks the file is read in; one is larger
  // than a chunk.
  const products = Array.from({ length: 3_000 }, (_, at) => ({
    _id: new Types.ObjectId(),
    name: `Kurta ${at} ${'चिकनकारी '.repeat(at % 100)}`,
    price: 49_900 + at,
    createdAt: new Date(1_700_000_000_000 + at),
    variants: [{ _id: new Types.ObjectId(), sku: `KRT-${at}`, quantity: at % 7 }],
  }));
  products[2_990] = { ...products[2_990], name: 'x'.repeat(2_500_000) };
  const orders = Array.from({ length: 500 }, (_, at) => ({ id: `order-${at}`, total: at }));
  const path = join(folder, 'read-models.snapshot');

  it('gives back each model’s records as written, ObjectIds and dates as they were', async () => {
    const file = new ReadModelSnapshotFile(path);
    const { bytes } = await file.write(STAMP, [
      model('products', products),
      model('orders', orders),
    ]);
    expect(bytes).toBeGreaterThan(6_000_000);
    const snapshot = snapshotOf(await file.read());
    try {
      expect(snapshot.stamp).toEqual(STAMP);
      const read = [...snapshot.recordsOf('products')!];
      expect(read).toEqual(products);
      expect(read[0]._id).toBeInstanceOf(Types.ObjectId);
      expect(read[0].createdAt).toBeInstanceOf(Date);
      expect([...snapshot.recordsOf('orders')!]).toEqual(orders);
      expect(snapshot.recordsOf('users')).toBeUndefined();
    } finally {
      snapshot.close();
    }
  });

  it('is not used cut short, damaged anywhere, or missing', async () => {
    const whole = readFileSync(path);
    const copy = join(folder, 'copy.snapshot');
    const unusable = async () => {
      const read = await new ReadModelSnapshotFile(copy).read();
      return 'unusable' in read ? read.unusable : 'usable';
    };
    for (const at of [10, 1_048_570, 3_000_000, whole.length - 60]) {
      const damaged = Buffer.from(whole);
      damaged[at] ^= 0x01;
      writeFileSync(copy, damaged);
      expect(await unusable()).not.toBe('usable');
    }
    writeFileSync(copy, whole);
    truncateSync(copy, whole.length - 1);
    expect(await unusable()).toBe('it is cut short or not such a file');
    writeFileSync(copy, whole.subarray(0, 1_048_600));
    expect(await unusable()).toBe('it is cut short or not such a file');
    rmSync(copy);
    expect(await unusable()).toBe('there is none');
  });

  it('leaves no file of a write that never finished, but those of processes still writing', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    const kept = join(folder, 'left.snapshot');
    const names = [gone, process.pid, running.pid!].map(
      (pid) => `left.snapshot.${pid}.a1b2.writing`,
    );
    try {
      for (const name of [...names, 'left.snapshot', 'other.snapshot.1.a1b2.writing']) {
        writeFileSync(join(folder, name), 'partial');
      }
      expect((await new ReadModelSnapshotFile(kept).removeLeftovers()).sort()).toEqual(
        names.slice(0, 2).sort(),
      );
      const left = readdirSync(folder).filter((name) => name.includes('left.snapshot'));
      expect(left.sort()).toEqual(['left.snapshot', names[2]].sort());
    } finally {
      running.kill();
    }
  });

  it('is not used by another build of the server', async () => {
    const kept = join(folder, 'built.snapshot');
    await new ReadModelSnapshotFile(kept, 'build-a').write(STAMP, [model('orders', orders)]);
    const same = await new ReadModelSnapshotFile(kept, 'build-a').read();
    snapshotOf(same).close();
    expect(await new ReadModelSnapshotFile(kept, 'build-b').read()).toEqual({
      unusable: 'another build of the server kept them',
    });
  });
});
