import mongoose from 'mongoose';
import { CHANGES_COLLECTION } from '../../src/changes/change-log.service';

/**
 * Counts the database operations Mongoose sends while `run` goes. The change log's are left
 * out: each instance reads it in the background every CHANGE_POLL_INTERVAL_MS, whatever `run` does.
 */
export async function countQueries(
  run: () => Promise<unknown>,
): Promise<{ count: number; collections: string[] }> {
  const collections: string[] = [];
  mongoose.set('debug', (collection: string) => {
    if (collection !== CHANGES_COLLECTION) collections.push(collection);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return { count: collections.length, collections };
}
