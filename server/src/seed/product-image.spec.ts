import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from './demo-catalog';
import {
  CATEGORY_PALETTES,
  FALLBACK_ICON,
  FALLBACK_PALETTE,
  iconExists,
  paletteFor,
  PictureSubject,
  PRODUCT_IMAGE_HEIGHT,
  PRODUCT_IMAGE_WIDTH,
  renderProductImage,
} from './product-image';

const KETTLE: PictureSubject = {
  name: 'Pigeon Amaze Plus Electric Kettle 1.5 Litre',
  icon: 'teapot',
  category: 'Home & Kitchen',
};

type Rgb = readonly [number, number, number];

interface Pixels {
  data: Buffer;
  width: number;
  channels: number;
}

async function decode(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, channels: info.channels };
}

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [value >> 16, (value >> 8) & 0xff, value & 0xff];
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** For each pixel of the box, row by row: is it `colour`, give or take anti-aliasing? */
function colourMask({ data, width, channels }: Pixels, colour: Rgb, box: Box): boolean[] {
  const mask: boolean[] = [];
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const offset = (y * width + x) * channels;
      mask.push(colour.every((value, c) => Math.abs(data[offset + c] - value) <= 6));
    }
  }
  return mask;
}

const countColour = (pixels: Pixels, colour: Rgb, box: Box) =>
  colourMask(pixels, colour, box).filter(Boolean).length;

const CENTRE_BOX = { x0: 250, y0: 130, x1: 550, y1: 430 };
const TOP_LEFT_BOX = { x0: 0, y0: 0, x1: 150, y1: 100 };
const boxArea = ({ x0, y0, x1, y1 }: Box) => (x1 - x0) * (y1 - y0);

describe('renderProductImage', () => {
  it('makes an 800x600 RGB PNG that sharp decodes', async () => {
    const png = await renderProductImage(KETTLE);
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({
      format: 'png',
      width: PRODUCT_IMAGE_WIDTH,
      height: PRODUCT_IMAGE_HEIGHT,
      channels: 3,
    });
    expect(PRODUCT_IMAGE_WIDTH / PRODUCT_IMAGE_HEIGHT).toBe(4 / 3);
  });

  it('gives the same bytes for the same product, and other bytes for another name', async () => {
    const first = await renderProductImage(KETTLE);
    const again = await renderProductImage({ ...KETTLE });
    expect(again.equals(first)).toBe(true);
    const sameShelf = await renderProductImage({ ...KETTLE, name: 'Butterfly Rapid Kettle' });
    expect(sameShelf.equals(first)).toBe(false);
  });

  it('draws the icon large in the centre, in the palette ink, and not in the corners', async () => {
    const pixels = await decode(await renderProductImage(KETTLE));
    const ink = rgbOf(CATEGORY_PALETTES['Home & Kitchen'].ink);
    const inCentre = countColour(pixels, ink, CENTRE_BOX);
    expect(inCentre / boxArea(CENTRE_BOX)).toBeGreaterThan(0.08);
    expect(countColour(pixels, ink, TOP_LEFT_BOX)).toBe(0);
  });

  it('draws a different shape for a different icon', async () => {
    const ink = rgbOf(CATEGORY_PALETTES['Home & Kitchen'].ink);
    const [kettle, fridge] = await Promise.all(
      ['teapot', 'fridge'].map(async (icon) =>
        decode(await renderProductImage({ ...KETTLE, icon })),
      ),
    );
    const kettleInk = colourMask(kettle, ink, CENTRE_BOX);
    const fridgeInk = colourMask(fridge, ink, CENTRE_BOX);
    // Pixels that are ink in one picture and not in the other.
    const differing = kettleInk.filter((isInk, i) => isInk !== fridgeInk[i]).length;
    expect(differing / boxArea(CENTRE_BOX)).toBeGreaterThan(0.05);
  });

  it("paints each category's pictures in its own colours", async () => {
    const stats = await Promise.all(
      demoCategories.map(async (category) =>
        sharp(await renderProductImage({ name: 'One Name', icon: 'box', category })).stats(),
      ),
    );
    const dominants = stats.map(({ dominant: { r, g, b } }) => `${r},${g},${b}`);
    expect(new Set(dominants).size).toBe(demoCategories.length);
    demoCategories.forEach((category, i) => {
      // The picture's average colour lies nearer this category's background than any other's.
      const average = stats[i].channels.map((channel) => channel.mean);
      const nearest = demoCategories
        .map((other) => {
          const light = rgbOf(CATEGORY_PALETTES[other].light);
          const deep = rgbOf(CATEGORY_PALETTES[other].deep);
          const gap = Math.hypot(...light.map((value, c) => (value + deep[c]) / 2 - average[c]));
          return { other, gap };
        })
        .sort((x, y) => x.gap - y.gap)[0].other;
      expect(nearest, category).toBe(category);
    });
  });

  it('falls back to a shopping bag on neutral colours for other products', async () => {
    const plain = await renderProductImage({ name: 'Header Test Lamp' });
    const spelledOut = await renderProductImage({
      name: 'Header Test Lamp',
      icon: FALLBACK_ICON,
      category: 'Garden Furniture',
    });
    expect(plain.equals(spelledOut)).toBe(true);
    expect(paletteFor('Garden Furniture')).toBe(FALLBACK_PALETTE);
    expect(paletteFor('toString')).toBe(FALLBACK_PALETTE);
    const ink = rgbOf(FALLBACK_PALETTE.ink);
    expect(countColour(await decode(plain), ink, CENTRE_BOX)).toBeGreaterThan(1000);
  });

  it('refuses an icon the package does not have, naming it', async () => {
    await expect(renderProductImage({ ...KETTLE, icon: 'no-such-icon' })).rejects.toThrow(
      /no-such-icon/,
    );
    expect(iconExists('teapot')).toBe(true);
    expect(iconExists('../outline/teapot')).toBe(false);
    expect(iconExists('Teapot')).toBe(false);
  });

  it('renders every demo product as a PNG of a few tens of KB', async () => {
    const sizes = [];
    for (const product of demoProducts) {
      const png = await renderProductImage(product);
      expect((await sharp(png).metadata()).format, product.name).toBe('png');
      sizes.push(png.length);
    }
    expect(Math.max(...sizes)).toBeLessThan(100 * 1024);
  });
});
