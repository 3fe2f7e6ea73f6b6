import type { Connection, mongo } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** Kept in each template database: who builds it, and whether it is ready. */
const STATE = 'template_state';
// Within the start timeout of a seeded shop (support/test-app.ts).
const BUILD_TIMEOUT_MS = 170_000;

/** How the template databases of a run are named (the global teardown drops them). */
export const templatePrefix = (runId: string): string => `tpl_${runId}_`;

/** The documents of a template, read once per worker. */
const contents = new Map<string, Promise<[string, mongo.Document[]][]>>();

/**
 * Fills `connection`'s (empty) database with a copy of the template database `name`. The
 * template is made once per test run by `build` (given the template's database name), by
 * whichever worker asks first; the others wait for it. A copy costs a second where making
 * the same data again (the demo seed: 50 pictures drawn, checked and stored) costs several.
 */
export async function copyTemplate(
  connection: Connection,
  name: string,
  build: (database: string) => Promise<void>,
): Promise<void> {
  const template = `${templatePrefix(inject('testRunId'))}${name}`;
  let documents = contents.get(template);
  if (!documents) {
    documents = readTemplate(connection.getClient(), template, build);
    contents.set(template, documents);
    // A failed build is tried again by the next test rather than failing all the others.
    documents.catch(() => contents.delete(template));
  }
  // The app's own collections and indexes first, as on any start, so the copy does not race them.
  await Promise.all(Object.values(connection.models).map((model) => model.init()));
  for (const [collection, docs] of await documents) {
    await connection.db!.collection(collection).insertMany(docs, { ordered: true });
  }
}

async function readTemplate(
  client: mongo.MongoClient,
  template: string,
  build: (database: string) => Promise<void>,
): Promise<[string, mongo.Document[]][]> {
  const db = client.db(template);
  const state = db.collection<{ _id: string; message?: string }>(STATE);
  let building = false;
  try {
    await state.insertOne({ _id: 'builder' });
    building = true;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  if (building) {
    try {
      await build(template);
      await state.insertOne({ _id: 'ready' });
    } catch (error) {
      // Lets the waiting workers fail at once, and the next asker build it again.
      await state.deleteOne({ _id: 'builder' });
      throw error;
    }
  } else {
    const deadline = Date.now() + BUILD_TIMEOUT_MS;
    while (!(await state.findOne({ _id: 'ready' }))) {
      if (!(await state.findOne({ _id: 'builder' }))) {
        return readTemplate(client, template, build);
      }
      if (Date.now() > deadline) throw new Error(`Template ${template} not built in time`);
      await sleep(100);
    }
  }
  const copied: [string, mongo.Document[]][] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name === STATE) continue;
    const docs = await db.collection(name).find().toArray();
    if (docs.length > 0) copied.push([name, docs]);
  }
  return copied;
}
