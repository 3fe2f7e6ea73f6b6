import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PhotoRenderer, RenderedPhoto, renderPhoto, RENDERING_VERSION } from '../catalogue';

/** The folder under DATA_DIR the rendered demo pictures are kept in. */
export const DEMO_PHOTO_DIR = 'demo-photo-files';

/**
 * Resizing the demo catalogue's 50 pictures into every width and format costs seconds of
 * CPU, and every fresh demo database (each test suite's, each `npm start` on an empty data
 * directory) seeds the very same pictures. So the seed keeps what it rendered under
 * DATA_DIR, by picture hash and rendering settings, and renders only what is not there.
 * A file that cannot be read or written is simply rendered again.
 */
export function demoPhotoRenderer(dataDir: string): PhotoRenderer {
  const version = createHash('sha256').update(RENDERING_VERSION).digest('hex').slice(0, 12);
  const dir = join(dataDir, DEMO_PHOTO_DIR, version);
  return async (hash, bytes) => {
    const file = join(dir, `${hash}.v8`);
    try {
      return revived(deserialize(await readFile(file)) as RenderedPhoto);
    } catch {
      // Not rendered yet.
    }
    const rendered = await renderPhoto(hash, bytes);
    try {
      await mkdir(dir, { recursive: true });
      // Written whole under another name first: a reader never sees half a file.
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, serialize(rendered));
      await rename(partial, file);
    } catch {
      // The next seed renders it again.
    }
    return rendered;
  };
}

/** v8 gives Buffers back as plain Uint8Arrays. */
const revived = ({ layout, files }: RenderedPhoto): RenderedPhoto => ({
  layout,
  files: files.map((file) => ({ ...file, data: Buffer.from(file.data) })),
});
