import mongoose from 'mongoose';

/** Counts the database operations Mongoose sends while `run` goes. */
export async function countQueries(
  run: () => Promise<unknown>,
): Promise<{ count: number; collections: string[] }> {
  const collections: string[] = [];
  mongoose.set('debug', (collection: string) => {
    collections.push(collection);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return { count: collections.length, collections };
}
