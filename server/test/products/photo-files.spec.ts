import sharp from 'sharp';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { PhotoFile } from '../../src/catalogue/photos/photo-file.schema';
import { PhotoUpload } from '../../src/catalogue/photos/photo-upload.schema';
import { PHOTOS_RESIZED } from '../../src/migrations';
import { photoFileNames } from '../../src/catalogue/photos/photo-variants';
import { ProductPhotosService } from '../../src/catalogue/photos/product-photos.service';
import { ProductWrites } from '../../src/catalogue/products/product-writes.service';
import { UnusedPhotos } from '../../src/catalogue/products/unused-photos';
import { Product } from '../../src/catalogue/records/product.schema';
import { newCategory, newProduct, productRow, uniqueTag } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { startTestApp, TestApp, useTestShop } from '../support/test-app';

interface PhotoReply {
  width: number;
  height: number;
  src: string;
  sources: { type: string; srcSet: string }[];
}

/** A camera's photo: landscape pixels marked "turn 90 degrees", with a camera owner's EXIF. */
async function cameraPhoto(width: number, height: number, alpha = false): Promise<Buffer> {
  const image = sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: 200, g: 80, b: 40, alpha: 0.5 },
    },
  }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#1971c2"/></svg>`,
      ),
    },
  ]);
  return alpha
    ? image.png().toBuffer()
    : image
        .jpeg({ quality: 80 })
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
        .toBuffer();
}

const PHOTO_QUERY = `query($slug: String!) {
  product(slug: $slug) { photoUrl photo { width height src sources { type srcSet } } }
}`;

async function photoOf(test: TestApp, slug: string): Promise<PhotoReply | null> {
  const data = await gqlOk<{ product: { photo: PhotoReply | null } }>(test, PHOTO_QUERY, { slug });
  return data.product.photo;
}

/** Each `url w` of a srcset. */
const candidates = (srcSet: string) =>
  srcSet.split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ');
    return { url, width: Number(width.replace('w', '')) };
  });

const get = (test: TestApp, url: string) =>
  test
    .http()
    .get(url)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('photos resized at upload and served by content', () => {
  const shop = useTestShop({ seed: true });

  it('stores a large upload at 320, 640 and 1200 pixels in AVIF, WebP and JPEG, upright and without metadata', async () => {
    const upload = await cameraPhoto(3000, 2000);
    const product = await newProduct(shop, shop.admin, { photo: upload });
    const photo = (await photoOf(shop, product.slug))!;
    // Turned upright by its EXIF orientation: portrait.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 2000, height: 3000 });
    expect(photo.sources.map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
      'image/jpeg',
    ]);
    for (const source of photo.sources) {
      const files = candidates(source.srcSet);
      expect(files.map((file) => file.width)).toEqual([320, 640, 1200]);
      for (const file of files) {
        expect(file.url).toMatch(new RegExp(`^/photos/${product.photoHash}-${file.width}\\.`));
        const response = await get(shop, file.url).expect(200);
        expect(response.headers['content-type']).toBe(source.type);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers.etag).toBe(`"${file.url.slice('/photos/'.length)}"`);
        const meta = await sharp(response.body as Buffer).metadata();
        expect(meta.width).toBe(file.width);
        expect(meta.height).toBe(file.width * 1.5);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }
    expect(photo.src).toBe(candidates(photo.sources[2].srcSet)[2].url);
    // Every file is far smaller than the upload.
    const largest = await get(shop, candidates(photo.sources[0].srcSet)[2].url).expect(200);
    expect((largest.body as Buffer).length).toBeLessThan(upload.length / 4);
  });

  it('keeps a photo narrower than 320 pixels at its own width, and a transparent one in PNG', async () => {
    const product = await newProduct(shop, shop.admin, {
      photo: await cameraPhoto(200, 150, true),
    });
    const photo = (await photoOf(shop, product.slug))!;
    expect(photo.sources.map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
      'image/png',
    ]);
    for (const source of photo.sources) {
      expect(candidates(source.srcSet).map((file) => file.width)).toEqual([200]);
    }
    const png = await get(shop, photo.src).expect(200);
    expect((await sharp(png.body as Buffer).metadata()).hasAlpha).toBe(true);
  });

  it('answers 304 to a client naming the file it holds, and 404 to a name no photo has', async () => {
    const product = await newProduct(shop, shop.admin, { photo: await cameraPhoto(800, 600) });
    const { src } = (await photoOf(shop, product.slug))!;
    const first = await get(shop, src).expect(200);
    const again = await shop.http().get(src).set('If-None-Match', first.headers.etag).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text ?? '').toBe('');

    const unknown = await shop
      .http()
      .get(`/photos/${'0'.repeat(64)}-320.webp`)
      .expect(404);
    expect(unknown.headers['cache-control'] ?? '').not.toContain('immutable');
    for (const name of ['x.png', `${'0'.repeat(64)}-320.gif`, '..%2Fetc%2Fpasswd']) {
      await shop.http().get(`/photos/${name}`).expect(404);
    }
  });

  it("deletes a replaced photo's files, but not while another product shows the same photo", async () => {
    const shared = await cameraPhoto(700, 500);
    const one = await newProduct(shop, shop.admin, { photo: shared });
    const two = await newProduct(shop, shop.admin, { photo: shared });
    expect(one.photoHash).toBe(two.photoHash);
    const { src } = (await photoOf(shop, one.slug))!;

    await shop
      .http()
      .delete(`/api/v1/product/delete-product/${one._id}`)
      .set(shop.admin.auth)
      .expect(200);
    await get(shop, src).expect(200);

    await shop
      .http()
      .put(`/api/v1/product/update-product/${two._id}`)
      .set(shop.admin.auth)
      .field('name', 'A new look')
      .attach('photo', await cameraPhoto(640, 480), {
        filename: 'new.jpg',
        contentType: 'image/jpeg',
      })
      .expect(200);
    await shop.http().get(src).expect(404);
    expect(await photoOf(shop, 'a-new-look')).not.toBeNull();
  });
});

describe('photos stored before resizing', () => {
  const shop = useTestShop({ seed: true });

  it('get their files in the background at the next start, shown as uploaded meanwhile', async () => {
    // As an earlier version left it: a photo, and neither files nor the upgrade's record.
    const product = await newProduct(shop, shop.admin, { photo: await cameraPhoto(900, 600) });
    const row = await productRow(shop, product._id);
    await shop.connection
      .collection('products')
      .updateOne({ _id: row._id }, { $set: { photos: [{ ...row.photos[0], layout: null }] } });
    await shop.connection.collection('photo_files').deleteMany({});
    await shop.connection.collection('upgrades').deleteOne({ _id: PHOTOS_RESIZED as never });

    // The next start: a second instance on the same database (closed without dropping it).
    const restarted = await startTestApp({}, { database: shop.database });
    try {
      const deadline = Date.now() + 20_000;
      let photo = await photoOf(restarted, product.slug);
      while (!photo && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        photo = await photoOf(restarted, product.slug);
      }
      expect(photo?.sources[2].srcSet).toContain(`/photos/${product.photoHash}-600.jpg 600w`);
      await get(restarted, photo!.src).expect(200);
      // Recorded as done once every photo has its files, so the next start skips it.
      const upgrades = shop.connection.collection('upgrades');
      const recorded = () => upgrades.countDocuments({ _id: PHOTOS_RESIZED as never });
      await vi.waitFor(async () => expect(await recorded()).toBe(1), { timeout: 10_000 });
    } finally {
      await restarted.app.close();
    }
  });
});

describe('a photo the client holds', () => {
  const shop = useTestShop({ seed: true });

  it('is answered 304 without reading the database, on both photo URLs', async () => {
    const product = await newProduct(shop, shop.admin, { photo: await cameraPhoto(640, 480) });
    const { src, sources } = (await photoOf(shop, product.slug))!;
    const [smallest] = candidates(sources[0].srcSet);
    const legacy = `/api/v1/product/product-photo/${product._id}`;
    const fileTag = (await get(shop, src).expect(200)).headers.etag;
    const uploadTag = (await get(shop, legacy).expect(200)).headers.etag;

    const reads = [PhotoFile.name, PhotoUpload.name].map((name) =>
      vi.spyOn(shop.app.get<Model<unknown>>(getModelToken(name)), 'findById'),
    );
    try {
      await shop.http().get(src).set('If-None-Match', fileTag).expect(304);
      await shop.http().get(legacy).set('If-None-Match', uploadTag).expect(304);
      expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0]);
      // The same spies see a read when the client holds nothing.
      await get(shop, smallest.url).expect(200);
      await get(shop, legacy).expect(200);
      expect(reads.map((read) => read.mock.calls.length)).toEqual([1, 1]);
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });
});

describe('photos no product came to show', () => {
  const shop = useTestShop({ seed: true });
  const photoCounts = async () => ({
    files: await shop.connection.collection('photo_files').countDocuments(),
    uploads: await shop.connection.collection('photo_uploads').countDocuments(),
    pending: await shop.connection.collection('pending_photos').countDocuments(),
  });
  const productModel = () => shop.app.get<Model<Product>>(getModelToken(Product.name));
  const input = async () => ({
    name: `Copper Jug ${uniqueTag()}`,
    description: 'Hammered copper from Jaipur.',
    price: 89_900,
    quantity: 4,
    category: (await newCategory(shop, shop.admin))._id,
    shipping: true,
  });

  it('are collected at once when the product write fails', async () => {
    const before = await photoCounts();
    vi.spyOn(productModel(), 'create').mockRejectedValueOnce(new Error('database gone'));
    await expect(
      shop.app.get(ProductWrites).create(await input(), [await cameraPhoto(900, 600)]),
    ).rejects.toThrow('database gone');
    expect(await photoCounts()).toEqual(before);

    const product = await newProduct(shop, shop.admin, { photo: await cameraPhoto(500, 400) });
    const shown = await photoCounts();
    vi.spyOn(productModel(), 'updateOne').mockRejectedValueOnce(new Error('database gone'));
    await expect(
      shop.app.get(ProductWrites).update(product._id, {}, await cameraPhoto(700, 300)),
    ).rejects.toThrow('database gone');
    expect(await photoCounts()).toEqual(shown);
    // The product still shows its photo, and its upload is still the one it shows.
    const served = await photoOf(shop, product.slug);
    expect((await get(shop, served!.src)).status).toBe(200);
    const upload = await shop.app.get(ProductPhotosService).upload(product.photoHash!);
    expect(served!.src).toContain(upload!.hash);
  });

  it('are collected once a stop left them pending past the grace, and only those', async () => {
    const photos = shop.app.get(ProductPhotosService);
    const before = await photoCounts();
    // A process stopped after storing the photo of a product it never wrote.
    const lost = await photos.prepare(new Types.ObjectId(), await cameraPhoto(640, 480));
    await photos.keepUpload(lost);
    // And one stopped after writing the product but before settling its photo.
    const product = await newProduct(shop, shop.admin, { photo: await cameraPhoto(800, 800) });
    const upload = await photos.upload(product.photoHash!);
    const shown = await photos.prepare(new Types.ObjectId(product._id), upload!.data);
    const pending = await photoCounts();
    expect(pending.pending).toBe(before.pending + 2);

    // Within the grace both are left alone: their writes may still be under way.
    expect(await shop.app.get(UnusedPhotos).collect()).toBe(0);
    expect(await photoCounts()).toEqual(pending);

    expect(await shop.app.get(UnusedPhotos).collect(0)).toBe(1);
    const after = await photoCounts();
    expect(after.pending).toBe(before.pending);
    // The lost photo's files and upload are gone; the shown photo's files stay.
    expect(after.uploads).toBe(pending.uploads - 1);
    expect(after.files).toBe(pending.files - photoFileNames(lost.hash, lost.layout).length);
    for (const source of (await photoOf(shop, product.slug))!.sources) {
      for (const { url } of candidates(source.srcSet))
        expect((await get(shop, url)).status).toBe(200);
    }
    expect(shown.hash).toBe(upload!.hash);
  });
});
