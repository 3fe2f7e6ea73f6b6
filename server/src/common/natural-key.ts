import { createHash } from 'node:crypto';
import { Model, Types } from 'mongoose';

/**
 * Documents are keyed by what the shop looks them up by (an e-mail, a checkout's key, a
 * product), because a filter on `_id` alone is the only one both engines answer from an
 * index: the embedded one reads the whole collection for any other
 * (docs/decisions/003-natural-keys.md).
 */

/**
 * The ObjectId standing for a natural key of one kind: the first 12 bytes of a SHA-256 of
 * both. The same key always gives the same id, so looking it up is a `findById` and a
 * second insert of it fails with a duplicate key; `kind` keeps equal keys of different
 * things apart. 96 bits make an accidental collision as unlikely as between random ids.
 */
export function keyedObjectId(kind: string, key: string): Types.ObjectId {
  const digest = createHash('sha256').update(kind).update('\0').update(key).digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}

/** A write refused because a unique key (an `_id` above all) is already taken. */
export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

/**
 * Runs an upsert again when it lost a race: two upserts of a key that does not exist yet may
 * both try to insert it, and one fails on the unique `_id` (on the embedded engine, and on
 * MongoDB outside the cases it retries itself). The second run finds the document and
 * updates it, so the upsert must be one that may run twice ($addToSet, $set).
 */
export async function upsertRacing<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (error) {
    const writeErrors = (error as { writeErrors?: { code?: unknown }[] } | null)?.writeErrors;
    const lostRace = writeErrors?.length
      ? writeErrors.every((failure) => isDuplicateKey(failure))
      : isDuplicateKey(error);
    if (!lostRace) throw error;
    return upsert();
  }
}

/**
 * Inserts each document unless its key is taken; returns those that were not inserted.
 * Used by the migrations at start, so that running them again, or on several instances at
 * once, inserts nothing twice.
 */
export async function insertNew<D, T extends D & { _id: unknown }>(
  model: Model<D>,
  documents: readonly T[],
): Promise<T[]> {
  if (documents.length === 0) return [];
  try {
    // Not `ordered`: one taken key must not stop the others; an invalid document throws.
    await model.insertMany([...documents], { ordered: false, throwOnValidationError: true });
    return [];
  } catch (error) {
    const failures = (error as { writeErrors?: { code?: unknown; index: number }[] }).writeErrors;
    if (!failures?.length || !failures.every((failure) => isDuplicateKey(failure))) throw error;
    return failures.map((failure) => documents[failure.index]);
  }
}

/**
 * Drops a unique index that keying by `_id` made redundant, and that would refuse the
 * copy a migration writes under the new `_id` while the old document still exists.
 */
export async function dropIndexIfPresent<D>(model: Model<D>, name: string): Promise<void> {
  try {
    await model.collection.dropIndex(name);
  } catch (error) {
    // IndexNotFound, or NamespaceNotFound on a collection never written: nothing to drop.
    const code = (error as { code?: unknown }).code;
    if (code !== 27 && code !== 26) throw error;
  }
}

/** Lists in slices of at most `size`, for writes in batches. */
export function slices<T>(list: readonly T[], size = 1000): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < list.length; start += size) {
    result.push(list.slice(start, start + size));
  }
  return result;
}
