import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
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
}

/** Why a file could not be used, or the file's contents. */
export type SnapshotRead = { snapshot: ReadSnapshot } | { unusable: string };

const FORMAT = 1;
/** Bytes gathered before each write to the file. */
const WRITE_BYTES = 1 << 20;

interface Header extends SnapshotStamp {
  format: number;
}

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
  constructor(readonly path: string) {}

  /**
   * Writes the records of `models` as of `stamp`, a slice at a time so that requests are served
   * meanwhile. What changes during the write may or may not be in it; it is after `stamp`'s
   * position, so the change log brings it in when the file is read.
   */
  async write(stamp: SnapshotStamp, models: readonly KeptReadModel[]): Promise<{ bytes: number }> {
    // Named apart: two instances of one process (tests) may write at once.
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.writing`;
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
      const header: Header = { format: FORMAT, ...stamp };
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

  async read(): Promise<SnapshotRead> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { unusable: 'there is none' };
      throw error;
    }
    const starts = documentStarts(bytes);
    if (!starts || starts.length < 3) return { unusable: 'it is cut short or not such a file' };
    const at = (index: number) =>
      BSON.deserialize(bytes.subarray(starts[index], starts[index + 1]));
    const header = at(0) as Partial<Header>;
    const trailer = at(starts.length - 2) as Partial<Trailer>;
    if (header.format !== FORMAT) return { unusable: `its format is ${String(header.format)}` };
    if (!isStamp(header) || !isTrailer(trailer))
      return { unusable: 'its header or end is damaged' };
    const hashed = createHash('sha256')
      .update(bytes.subarray(0, starts[starts.length - 2]))
      .digest('hex');
    if (hashed !== trailer.sha256) return { unusable: 'it is damaged' };
    const counted = trailer.models.reduce((sum, model) => sum + model.count, 0);
    if (counted !== starts.length - 3) return { unusable: 'its records are not those it counts' };
    const sections = new Map<string, { first: number; count: number }>();
    let next = 1;
    for (const { name, count } of trailer.models) {
      sections.set(name, { first: next, count });
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
            for (let index = 0; index < section.count; index++) yield at(section.first + index);
          })();
        },
      },
    };
  }
}

/**
 * Where each BSON document of `bytes` starts, and its end as the last item; null if the
 * lengths do not add up to the file (cut short, or not such a file).
 */
function documentStarts(bytes: Buffer): number[] | null {
  const starts: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 5) return null;
    const length = bytes.readInt32LE(at);
    if (length < 5 || at + length > bytes.length || bytes[at + length - 1] !== 0) return null;
    starts.push(at);
    at += length;
  }
  starts.push(at);
  return starts;
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
