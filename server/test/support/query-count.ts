import mongoose from 'mongoose';
import { CHANGES_COLLECTION } from '../../src/changes/change-log.service';

/** One database operation as Mongoose sent it. */
export interface SentOperation {
  collection: string;
  /** The driver's method: findOne, updateOne, insertOne, ... */
  method: string;
  /** The filter, for a method that takes one (the document, for an insert). */
  filter: unknown;
}

/**
 * Counts the database operations Mongoose sends while `run` goes. The change log's are left
 * out: each instance reads it in the background every CHANGE_POLL_INTERVAL_MS, whatever `run` does.
 */
export async function countQueries(
  run: () => Promise<unknown>,
): Promise<{ count: number; collections: string[]; operations: SentOperation[] }> {
  const operations: SentOperation[] = [];
  mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
    if (collection !== CHANGES_COLLECTION) operations.push({ collection, method, filter });
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  const collections = operations.map((operation) => operation.collection);
  return { count: collections.length, collections, operations };
}

const INSERTS = new Set(['insertOne', 'insertMany']);

/**
 * Whether the embedded engine answers the operation from its `_id` index: an insert, or a
 * filter that is exactly `{ _id: <ObjectId or string> }` (FerretDB 1.24 on SQLite reads the
 * whole collection for any other, `{ _id: { $in: [...] } }` included).
 */
export function isByIdOnly(operation: SentOperation): boolean {
  if (INSERTS.has(operation.method)) return true;
  const filter = operation.filter as Record<string, unknown> | null;
  if (!filter || typeof filter !== 'object' || Object.keys(filter).join() !== '_id') return false;
  const id = filter._id;
  return typeof id === 'string' || id instanceof mongoose.Types.ObjectId;
}

/** The operations on `collections` that are not by `_id` alone, as `collection.method filter`. */
export function notByIdOnly(operations: SentOperation[], collections: readonly string[]): string[] {
  return operations
    .filter((operation) => collections.includes(operation.collection) && !isByIdOnly(operation))
    .map(({ collection, method, filter }) => `${collection}.${method} ${JSON.stringify(filter)}`);
}
