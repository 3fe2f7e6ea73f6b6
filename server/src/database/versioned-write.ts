import { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../common/natural-key';
import { conflict } from '../common/shop-error';
import { DatabaseEngine } from './database-engine';

/** A write that lost to another (on another instance) is worked out again this often. */
const ATTEMPTS = 5;

/** What a change makes of a document: the fields to write, and what to answer once written. */
export interface VersionedChange<R> {
  set: Record<string, unknown>;
  answer: R;
}

/**
 * A document (one per shopper, say) changed whole: read by `_id`, its new fields worked out by
 * `work` from it as read (null when there is none yet), and written only if its `version` is
 * still the one read, the version then raised; the first write inserts it (version 1), which
 * fails on its `_id` when another inserted it first. Of two changes at once, one is written
 * and the other is worked out again on the document as it now is, so none is lost and a cap
 * the work keeps holds. Callers hold the document's KeyedMutex, as DatabaseEngine.updateIf
 * asks on the embedded engine.
 */
export async function writeVersioned<T extends { version: number }, R>(
  engine: DatabaseEngine,
  model: Model<T>,
  _id: Types.ObjectId,
  work: (stored: T | null) => VersionedChange<R>,
  changedMeanwhile: string,
): Promise<R> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const stored = (await model.findById(_id).lean()) as T | null;
    const { set, answer } = work(stored);
    if (!stored) {
      try {
        await model.create({ _id, ...set, version: 1 } as never);
        return answer;
      } catch (error) {
        if (isDuplicateKey(error)) continue;
        throw error;
      }
    }
    const written = await engine.updateIf(
      model,
      _id,
      { version: stored.version } as never,
      { $set: set, $inc: { version: 1 } } as never,
    );
    if (written) return answer;
  }
  throw conflict(changedMeanwhile);
}
