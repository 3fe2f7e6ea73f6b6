import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialsOf, renderProductImage } from './product-image';

const WIDTH = 480;
const HEIGHT = 360;
const BYTES_PER_PIXEL = 3;
const STRIDE = WIDTH * BYTES_PER_PIXEL;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  /** The bytes the CRC covers: type followed by data. */
  covered: Buffer;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = SIGNATURE.length;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const covered = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: covered.subarray(0, 4).toString('ascii'),
      data: covered.subarray(4),
      crc: png.readUInt32BE(offset + 8 + length),
      covered,
    });
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  return chunks;
}

/** Bit-by-bit CRC-32 (no table), deliberately unlike the implementation under test. */
function referenceCrc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function inflateImageData(png: Buffer): Buffer {
  const idat = Buffer.concat(
    readChunks(png)
      .filter((chunk) => chunk.type === 'IDAT')
      .map((chunk) => chunk.data),
  );
  return inflateSync(idat);
}

/** Reverses the PNG scanline filters (all five types) and returns the raw RGB pixels. */
function decodePixels(png: Buffer): Buffer {
  const filtered = inflateImageData(png);
  const pixels = Buffer.alloc(HEIGHT * STRIDE);
  for (let y = 0; y < HEIGHT; y++) {
    const filter = filtered[y * (STRIDE + 1)];
    for (let i = 0; i < STRIDE; i++) {
      const value = filtered[y * (STRIDE + 1) + 1 + i];
      const a = i >= BYTES_PER_PIXEL ? pixels[y * STRIDE + i - BYTES_PER_PIXEL] : 0;
      const b = y > 0 ? pixels[(y - 1) * STRIDE + i] : 0;
      const c = y > 0 && i >= BYTES_PER_PIXEL ? pixels[(y - 1) * STRIDE + i - BYTES_PER_PIXEL] : 0;
      const predictors = [0, a, b, Math.floor((a + b) / 2), paeth(a, b, c)];
      pixels[y * STRIDE + i] = (value + predictors[filter]) & 0xff;
    }
  }
  return pixels;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

function coloursIn(pixels: Buffer, x0: number, y0: number, x1: number, y1: number): Set<string> {
  const colours = new Set<string>();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const offset = y * STRIDE + x * BYTES_PER_PIXEL;
      colours.add(pixels.subarray(offset, offset + BYTES_PER_PIXEL).toString('hex'));
    }
  }
  return colours;
}

describe('renderProductImage', () => {
  const png = renderProductImage('Prestige Iris 750W Mixer Grinder', 3);

  it('starts with the PNG signature', () => {
    expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
  });

  it('has an IHDR for a 480x360, 8-bit RGB, non-interlaced image', () => {
    const chunks = readChunks(png);
    expect(chunks[0].type).toBe('IHDR');
    const header = chunks[0].data;
    expect(header.length).toBe(13);
    expect(header.readUInt32BE(0)).toBe(WIDTH);
    expect(header.readUInt32BE(4)).toBe(HEIGHT);
    expect(header[8]).toBe(8);
    expect(header[9]).toBe(2);
    expect([header[10], header[11], header[12]]).toEqual([0, 0, 0]);
    expect(chunks.at(-1)?.type).toBe('IEND');
    expect(chunks.at(-1)?.data.length).toBe(0);
  });

  it('has a correct CRC on every chunk', () => {
    const chunks = readChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toContain('IDAT');
    for (const chunk of chunks) {
      expect(chunk.crc, `CRC of ${chunk.type}`).toBe(referenceCrc32(chunk.covered));
    }
  });

  it('inflates to one filter byte plus 480 RGB pixels per scanline', () => {
    const filtered = inflateImageData(png);
    expect(filtered.length).toBe(HEIGHT * (1 + WIDTH * 3));
    for (let y = 0; y < HEIGHT; y++) {
      expect(filtered[y * (STRIDE + 1)]).toBeLessThanOrEqual(4);
    }
  });

  it('gives different images for different indexes', () => {
    const other = renderProductImage('Prestige Iris 750W Mixer Grinder', 4);
    expect(other.equals(png)).toBe(false);
  });

  it('is deterministic', () => {
    expect(renderProductImage('Prestige Iris 750W Mixer Grinder', 3).equals(png)).toBe(true);
  });

  it('draws the initials in the centre', () => {
    const pixels = decodePixels(png);
    expect(coloursIn(pixels, 180, 140, 300, 220).size).toBeGreaterThanOrEqual(2);
    // Different initials on the same background must change the picture.
    expect(renderProductImage('Zebra Mat', 3).equals(renderProductImage('Yoga Mat', 3))).toBe(
      false,
    );
  });
});

describe('initialsOf', () => {
  it('takes the first letter or digit of up to two words, upper-cased', () => {
    expect(initialsOf('boAt Rockerz 450 Headphones')).toBe('BR');
    expect(initialsOf('Wings of Fire')).toBe('WO');
    expect(initialsOf('Home & Kitchen')).toBe('HK');
    expect(initialsOf('(Refurbished) 4K Television')).toBe('R4');
    expect(initialsOf('Kindle')).toBe('K');
    expect(initialsOf('  ')).toBe('');
  });
});
