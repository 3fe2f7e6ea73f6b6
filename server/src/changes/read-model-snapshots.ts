import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { mongo } from 'mongoose';
import { TimeSlices } from '../common/time-slices';

const { BSON } = mongo;
type Document = mongo.Document;

/**
 * A read model whose records are kept on disk between starts (ChangeLog): at the next start it
 * takes them back from the file, and the change log brings them up to date, instead of reading
 * every record from the database (at 100,000 products and orders, most of a minute on the
 * embedded engine; docs/decisions/034-read-models-kept-between-starts.md).
 */
export interface KeptReadModel {
  /** Names its part of the file. */
  readonly name: string;
  /** Its records as held now; each one BSON writes and reads back as the driver gave it. */
  records(): Iterable<Document>;
  /** Holds `records` (as `records` gave them), in place of reading them all from the database. */
  restore(records: Iterable<Document>): Promise<void>;
}

/** What a file holds the records as of: the database, and the change log entry. */
export interface SnapshotStamp {
  /** The database's own id (ChangeLog's `origin`): a file of another database is not used. */
  origin: string;
  /** Every change up to this entry of the log is in the records; later ones may be too. */
  position: number;
  /** When entry `position` was appended (null for 0): a log numbered alike is not taken for it. */
  positionAt: number | null;
}

export interface ReadSnapshot {
  stamp: SnapshotStamp;
  /** The records of the model `name`, read one at a time; undefined if the file has none. */
  recordsOf(name: string): Iterable<Document> | undefined;
  /** Lets go of the file; its records are not to be read after. */
  close(): void;
}

/** Why a file could not be used, or the file's contents. */
export type SnapshotRead = { snapshot: ReadSnapshot } | { unusable: string };

const FORMAT = 1;
/**
 * Records are read back without checking their texts are UTF-8 (a tenth of the time): the
 * file's hash has shown them to be the bytes written, which BSON wrote from strings.
 */
const UNCHECKED_TEXT = { validation: { utf8: false as const } };
/** Bytes gathered before each write to the file, and read at once from it. */
const WRITE_BYTES = 1 << 20;
const READ_BYTES = 1 << 20;

interface Header extends SnapshotStamp {
  format: number;
  /** The build of the server that wrote it (THIS_BUILD). */
  build: string | null;
}

/**
 * This build of the server: the hash of what went into it, which scripts/build-if-changed.mjs
 * stamps in server/dist; null when the sources run (tests). Records held by another build may
 * be shaped or chosen otherwise (a field newly read, a projection changed), so its files are
 * not used: the first start after an upgrade reads everything.
 */
const THIS_BUILD = ((): string | null => {
  try {
    return readFileSync(resolve(__dirname, '..', '.build-inputs'), 'utf8').trim();
  } catch {
    return null;
  }
})();

interface Trailer {
  models: { name: string; count: number }[];
  /** SHA-256 of everything before the trailer, in hex: a file damaged anywhere is not used. */
  sha256: string;
}

/**
 * The file of kept read models: BSON documents one after another, a header (its stamp), each
 * model's records, and a trailer counting them and holding their hash, so a file cut short or
 * damaged is recognised and not used.
 * Written to a temporary file and renamed over the last one, so a crash while writing leaves
 * the last one as it was.
 */
export class ReadModelSnapshotFile {
  constructor(
    readonly path: string,
    private readonly build = THIS_BUILD,
  ) {}

  /**
   * Writes the records of `models` as of `stamp`, a slice at a time so that requests are served
   * meanwhile. What changes during the write may or may not be in it; it is after `stamp`'s
   * position, so the change log brings it in when the file is read.
   */
  async write(stamp: SnapshotStamp, models: readonly KeptReadModel[]): Promise<{ bytes: number }> {
    // Named apart: two instances of one process (tests) may write at once. The process's id
    // tells leftovers of a process gone from files being written (removeLeftovers).
    const temporary = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.writing`;
    const handle = await open(temporary, 'w');
    let bytes = 0;
    const hash = createHash('sha256');
    try {
      const slices = new TimeSlices();
      let gathered: Uint8Array[] = [];
      let gatheredBytes = 0;
      const put = async (document: Document) => {
        const written = BSON.serialize(document, { ignoreUndefined: true });
        gathered.push(written);
        gatheredBytes += written.length;
        if (gatheredBytes >= WRITE_BYTES) await flush();
        await slices.next();
      };
      const flush = async () => {
        const chunk = Buffer.concat(gathered);
        hash.update(chunk);
        await handle.write(chunk);
        bytes += gatheredBytes;
        gathered = [];
        gatheredBytes = 0;
      };
      const header: Header = { format: FORMAT, build: this.build, ...stamp };
      await put(header);
      const counted: Trailer['models'] = [];
      for (const model of models) {
        let count = 0;
        for (const record of model.records()) {
          await put(record);
          count += 1;
        }
        counted.push({ name: model.name, count });
      }
      await flush();
      const trailer: Trailer = { models: counted, sha256: hash.digest('hex') };
      const end = BSON.serialize(trailer);
      await handle.write(end);
      bytes += end.length;
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, this.path);
    return { bytes };
  }

  /**
   * Removes the temporary files of writes that never finished (the process was killed while
   * writing, about 130 MB each at 100,000 products): those of processes no longer running, and
   * this process's own, as it has not begun to write (a container's process may be given the id
   * its predecessor had). Called once at start.
   */
  async removeLeftovers(): Promise<string[]> {
    const prefix = `${basename(this.path)}.`;
    const folder = dirname(this.path);
    const names = await readdir(folder).catch(() => [] as string[]);
    const removed: string[] = [];
    for (const name of names) {
      if (!name.startsWith(prefix) || !name.endsWith('.writing')) continue;
      const pid = Number(name.slice(prefix.length).split('.')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
      await rm(join(folder, name), { force: true });
      removed.push(name);
    }
    return removed;
  }

  /**
   * Checks the file (its structure and hash) in one pass, then gives each model's records one
   * at a time from a second: the file is read a chunk at a time, never held whole (at 100,000
   * products and orders it is about 130 MB). `close` when done.
   */
  async read(): Promise<SnapshotRead> {
    let file: number;
    try {
      file = openSync(this.path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { unusable: 'there is none' };
      throw error;
    }
    try {
      const checked = checkedFile(file, this.build);
      if ('unusable' in checked) {
        closeSync(file);
        return checked;
      }
      const { header, trailer, starts, recordsEnd } = checked;
      const sections = new Map<string, { from: number; to: number }>();
      let next = 1;
      for (const { name, count } of trailer.models) {
        sections.set(name, { from: starts[next], to: starts[next + count] ?? recordsEnd });
        next += count;
      }
      const stamp = {
        origin: header.origin,
        position: header.position,
        positionAt: header.positionAt,
      };
      return {
        snapshot: {
          stamp,
          recordsOf(name) {
            const section = sections.get(name);
            if (!section) return undefined;
            return (function* () {
              for (const document of documentsIn(file, section.from, section.to)) {
                yield BSON.deserialize(document, UNCHECKED_TEXT);
              }
            })();
          },
          close: () => closeSync(file),
        },
      };
    } catch (error) {
      closeSync(file);
      throw error;
    }
  }
}

/** The file's header and trailer, where each document before the trailer starts, and where it does. */
type CheckedFile =
  { header: Header; trailer: Trailer; starts: number[]; recordsEnd: number } | { unusable: string };

/** Reads the whole file once: its documents whole, its header and trailer sound, its hash right. */
function checkedFile(file: number, build: string | null): CheckedFile {
  const size = fstatSync(file).size;
  const starts: number[] = [];
  const hash = createHash('sha256');
  let header: Partial<Header> | undefined;
  let trailer: Partial<Trailer> | undefined;
  let at = 0;
  let recordsEnd = 0;
  try {
    for (const document of documentsIn(file, 0, size)) {
      if (at + document.length === size) {
        trailer = BSON.deserialize(document) as Partial<Trailer>;
        recordsEnd = at;
      } else {
        if (starts.length === 0) header = BSON.deserialize(document) as Partial<Header>;
        starts.push(at);
        hash.update(document);
      }
      at += document.length;
    }
  } catch (error) {
    if (!(error instanceof CutShort)) throw error;
    return { unusable: 'it is cut short or not such a file' };
  }
  if (!header || !trailer) return { unusable: 'it is cut short or not such a file' };
  if (header.format !== FORMAT) return { unusable: `its format is ${String(header.format)}` };
  if (!isStamp(header) || !isTrailer(trailer)) return { unusable: 'its header or end is damaged' };
  if (hash.digest('hex') !== trailer.sha256) return { unusable: 'it is damaged' };
  if (header.build !== build) return { unusable: 'another build of the server kept them' };
  const counted = trailer.models.reduce((sum, model) => sum + model.count, 0);
  if (counted !== starts.length - 1) return { unusable: 'its records are not those it counts' };
  return { header, trailer, starts, recordsEnd };
}

/** The bytes of a file from `from` to `to` are not whole BSON documents. */
class CutShort extends Error {}

/**
 * The BSON documents of the file from byte `from` to `to`, read a chunk at a time. Each is a
 * view of the chunk, good until the next is asked for.
 */
function* documentsIn(file: number, from: number, to: number): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(READ_BYTES);
  let filled = 0;
  let used = 0;
  let position = from;
  let at = from;
  while (at < to) {
    const available = filled - used;
    const length = available >= 4 ? chunk.readInt32LE(used) : 4;
    if (length < 5 && available >= 4) throw new CutShort();
    if (at + length > to) throw new CutShort();
    if (available < length) {
      // The rest of the chunk to its start, then more of the file after it.
      if (length > chunk.length) {
        const larger = Buffer.allocUnsafe(length);
        chunk.copy(larger, 0, used, filled);
        chunk = larger;
      } else chunk.copy(chunk, 0, used, filled);
      filled = available;
      used = 0;
      const read = readSync(
        file,
        chunk,
        filled,
        Math.min(chunk.length - filled, to - position),
        position,
      );
      if (read === 0) throw new CutShort();
      position += read;
      filled += read;
      continue;
    }
    if (chunk[used + length - 1] !== 0) throw new CutShort();
    yield chunk.subarray(used, used + length);
    used += length;
    at += length;
  }
}

/** Whether a process with this id runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStamp(header: Partial<Header>): header is Header {
  return (
    typeof header.origin === 'string' &&
    Number.isInteger(header.position) &&
    header.position! >= 0 &&
    (header.positionAt === null || typeof header.positionAt === 'number')
  );
}

function isTrailer(trailer: Partial<Trailer>): trailer is Trailer {
  return (
    typeof trailer.sha256 === 'string' &&
    Array.isArray(trailer.models) &&
    trailer.models.every(
      (model) =>
        typeof model?.name === 'string' && Number.isInteger(model.count) && model.count >= 0,
    )
  );
}
