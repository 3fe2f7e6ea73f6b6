// `npm run bench:photos`: the image bytes a phone downloads for the home page, when every
// product on it has a large photo (issue 17: at most 60 KB of image per card at 375 px).
//
// Starts the built shop (`npm run build` first) on a fresh embedded database with the demo
// data, gives each product of the home page's first page its own 3000 x 2000 photo of just
// under 1 MB (the largest upload the shop takes) through the admin's REST call, then opens the
// home page in Chromium at 375 x 812 CSS pixels, at device pixel ratios 2 and 3, and sums the
// bytes of every image response. The baseline beside it is what the same page downloaded
// before photos were resized: each card's photo as uploaded (GET product-photo/{id}).
//
// Options: --dpr 2,3 (the ratios to measure)
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { startBuiltShop } from './shop-server.mjs';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const sharp = require('sharp');
const { PHOTO_MAX_BYTES, STOREFRONT_PAGE_SIZE } = require('./dist/shared/rules.js');

const { values: args } = parseArgs({
  strict: true,
  options: { dpr: { type: 'string', default: '2,3' } },
});
const RATIOS = args.dpr.split(',').map(Number);
const ADMIN = { email: 'admin@shop.local', password: 'admin123' };
const PHONE = { width: 375, height: 812 };
const TARGET_PER_CARD = 60 * 1024;

const log = (message) => process.stderr.write(`bench:photos: ${message}\n`);

/**
 * A photo-like picture: soft shapes in colours of its own, with a camera's grain, saved as a
 * JPEG of the highest quality that stays under the shop's upload limit (a real upload of
 * that size has as much detail).
 */
async function largePhoto(seed) {
  const width = 3000;
  const height = 2000;
  const random = (n) => ((seed * 9301 + n * 49297) % 233280) / 233280;
  const shapes = Array.from({ length: 24 }, (_, n) => {
    const hue = Math.floor(random(n) * 360);
    return `<ellipse cx="${random(n + 1) * width}" cy="${random(n + 2) * height}" rx="${200 + random(n + 3) * 700}" ry="${150 + random(n + 4) * 500}" fill="hsl(${hue},60%,${30 + random(n + 5) * 40}%)" opacity="0.7"/>`;
  }).join('');
  const scene = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${(seed * 47) % 360},40%,60%)"/>${shapes}</svg>`,
    ),
  )
    .blur(8)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.from(scene.data);
  const channels = scene.info.channels;
  for (let i = 0, g = 0; i < pixels.length; i += channels, g += 3) {
    for (let c = 0; c < 3; c++) {
      pixels[i + c] = Math.max(0, Math.min(255, pixels[i + c] + (grain[g + c] - 128) / 2));
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels } }).removeAlpha();
  for (let quality = 95; quality >= 40; quality -= 5) {
    const jpeg = await image.clone().jpeg({ quality }).toBuffer();
    if (jpeg.length < PHOTO_MAX_BYTES) return jpeg;
  }
  throw new Error('could not make a photo under the upload limit');
}

async function json(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function main() {
  const shop = await startBuiltShop();
  try {
    const { token } = await json(
      await fetch(`${shop.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    );
    const { products } = await json(await fetch(`${shop.baseUrl}/api/v1/product/product-list/1`));
    const onHome = products.slice(0, STOREFRONT_PAGE_SIZE);
    let uploaded = 0;
    const started = performance.now();
    for (const [n, product] of onHome.entries()) {
      const photo = await largePhoto(n + 1);
      uploaded += photo.length;
      const form = new FormData();
      form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      await json(
        await fetch(`${shop.baseUrl}/api/v1/product/update-product/${product._id}`, {
          method: 'PUT',
          headers: { Authorization: token },
          body: form,
        }),
      );
    }
    const perUpload = uploaded / onHome.length;
    log(
      `gave ${onHome.length} products a 3000 x 2000 photo of ${(perUpload / 1024).toFixed(0)} KB on average ` +
        `(uploads answered, resized, in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const rows = [];
    try {
      for (const ratio of RATIOS) {
        const context = await browser.newContext({
          viewport: PHONE,
          deviceScaleFactor: ratio,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const images = new Map();
        page.on('response', async (response) => {
          if (response.request().resourceType() !== 'image') return;
          const body = await response.body().catch(() => Buffer.alloc(0));
          images.set(response.url(), {
            bytes: body.length,
            type: response.headers()['content-type'],
          });
        });
        await page.goto(shop.baseUrl, { waitUntil: 'networkidle' });
        await page.waitForSelector('[data-testid="product-card"] img');
        // Scrolled through, so that lazy photos below the first screen load too.
        for (let y = 0; y < 6000; y += 400) {
          await page.mouse.wheel(0, 400);
          await page.waitForTimeout(100);
        }
        await page.waitForLoadState('networkidle');
        const cards = await page.locator('[data-testid="product-card"] img').count();
        const bytes = [...images.values()].reduce((sum, image) => sum + image.bytes, 0);
        const types = [...new Set([...images.values()].map((image) => image.type))].join(', ');
        rows.push({ ratio, cards, files: images.size, bytes, types });
        await context.close();
      }
    } finally {
      await browser.close();
    }

    console.log(
      `\nHome page at ${PHONE.width} x ${PHONE.height} CSS pixels, ${onHome.length} cards, each photo uploaded ` +
        `at 3000 x 2000 (${(perUpload / 1024).toFixed(0)} KB on average)\n`,
    );
    console.log(
      '| pixel ratio | cards | image files | image KB | KB per card | as uploaded, KB per card | met (<= 60 KB) | types |',
    );
    console.log(
      '| ----------- | ----- | ----------- | -------- | ----------- | ------------------------ | -------------- | ----- |',
    );
    let met = true;
    for (const row of rows) {
      const perCard = row.bytes / row.cards;
      const ok = perCard <= TARGET_PER_CARD;
      met &&= ok;
      console.log(
        `| ${row.ratio} | ${row.cards} | ${row.files} | ${(row.bytes / 1024).toFixed(1)} | ${(perCard / 1024).toFixed(1)} | ` +
          `${(perUpload / 1024).toFixed(1)} | ${ok ? 'yes' : 'NO'} | ${row.types} |`,
      );
    }
    console.log(met ? '\nevery target met' : '\nsome targets not met (NO above)');
  } finally {
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
