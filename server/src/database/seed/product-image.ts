import { deflateSync } from 'node:zlib';

/**
 * Placeholder product pictures for the demo catalogue, rendered as real PNG files without any
 * image library: a gradient background tinted per product, a light rounded card, and the
 * product's initials drawn with a tiny 5x7 bitmap font.
 */

const WIDTH = 480;
const HEIGHT = 360;
const CHANNELS = 3; // RGB, 8 bits per channel

const CARD = { x: 90, y: 70, width: 300, height: 220, radius: 28 };
const SHADOW = { offsetY: 6, spread: 10, alpha: 0.22 };

const GLYPH_COLUMNS = 5;
const GLYPH_ROWS = 7;
const SCALE = 12;
/** Blank columns (in font pixels) between two glyphs. */
const GLYPH_GAP = 1;

/**
 * The 5x7 font, one string per glyph: seven rows of five cells separated by spaces,
 * '#' for ink and '.' for background.
 */
const FONT_SOURCE: Record<string, string> = {
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '###.. #..#. #...# #...# #...# #..#. ###..',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
};

/** FONT_SOURCE parsed once into rows of booleans (true = ink). */
const FONT: ReadonlyMap<string, readonly (readonly boolean[])[]> = new Map(
  Object.entries(FONT_SOURCE).map(([char, rows]) => [
    char,
    rows.split(' ').map((row) => [...row].map((cell) => cell === '#')),
  ]),
);

type Rgb = readonly [number, number, number];

/**
 * Renders a 480x360 RGB PNG for a product. Deterministic: the same label and index always give
 * the same bytes. The hue comes from `index` so neighbouring products get clearly different
 * colours; the initials come from `label`.
 */
export function renderProductImage(label: string, index: number): Buffer {
  const hue = hueForIndex(index);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * CHANNELS);

  drawGradient(pixels, hslToRgb(hue, 0.65, 0.62), hslToRgb(hue + 35, 0.6, 0.4));
  drawCardShadow(pixels);
  drawRoundedRect(pixels, CARD, hslToRgb(hue, 0.45, 0.95));
  drawText(pixels, initialsOf(label), hslToRgb(hue, 0.55, 0.28));

  return encodePng(pixels, WIDTH, HEIGHT);
}

/**
 * Up to two characters: the first letter or digit of each of the first two words that have one.
 * Anything outside A-Z and 0-9 (after upper-casing) is skipped, since the font has nothing else.
 */
export function initialsOf(label: string): string {
  const initials: string[] = [];
  for (const word of label.split(/\s+/)) {
    const initial = [...word.toUpperCase()].find((char) => FONT.has(char));
    if (initial !== undefined) initials.push(initial);
    if (initials.length === 2) break;
  }
  return initials.join('');
}

/** Steps round the colour wheel by the golden angle, so consecutive indexes never look alike. */
function hueForIndex(index: number): number {
  const safeIndex = Number.isFinite(index) ? Math.trunc(index) : 0;
  return (((safeIndex * 137.508) % 360) + 360) % 360;
}

function drawGradient(pixels: Buffer, from: Rgb, to: Rgb): void {
  // Diagonal gradient from `from` (top-left) to `to` (bottom-right). The colour depends only on
  // x + y, so compute each of those diagonals once rather than per pixel.
  const span = WIDTH + HEIGHT - 2;
  const diagonals = Buffer.alloc((span + 1) * CHANNELS);
  for (let d = 0; d <= span; d++) {
    for (let c = 0; c < CHANNELS; c++) {
      diagonals[d * CHANNELS + c] = Math.round(from[c] + ((to[c] - from[c]) * d) / span);
    }
  }
  for (let y = 0; y < HEIGHT; y++) {
    // Each row is a contiguous slice of the diagonal table, starting at diagonal y.
    diagonals.copy(pixels, y * WIDTH * CHANNELS, y * CHANNELS, (y + WIDTH) * CHANNELS);
  }
}

/** A soft drop shadow: darkens the background, fading out over `spread` pixels past the card. */
function drawCardShadow(pixels: Buffer): void {
  const { spread, alpha, offsetY } = SHADOW;
  const box = { ...CARD, y: CARD.y + offsetY };
  forEachPixelNear(box, spread, (x, y, offset) => {
    const distance = roundedRectDistance(x, y, box);
    const strength = alpha * (1 - clamp01((distance + spread / 2) / spread));
    if (strength <= 0) return;
    for (let c = 0; c < CHANNELS; c++) {
      pixels[offset + c] = Math.round(pixels[offset + c] * (1 - strength));
    }
  });
}

/** Fills a rounded rectangle, anti-aliasing its edge by the pixel's coverage. */
function drawRoundedRect(pixels: Buffer, box: typeof CARD, color: Rgb): void {
  forEachPixelNear(box, 1, (x, y, offset) => {
    const coverage = clamp01(0.5 - roundedRectDistance(x, y, box));
    if (coverage <= 0) return;
    for (let c = 0; c < CHANNELS; c++) {
      pixels[offset + c] = Math.round(
        pixels[offset + c] + (color[c] - pixels[offset + c]) * coverage,
      );
    }
  });
}

/** Draws `text` centred on the card, each font cell a SCALE x SCALE block. */
function drawText(pixels: Buffer, text: string, color: Rgb): void {
  if (text.length === 0) return;
  const advance = (GLYPH_COLUMNS + GLYPH_GAP) * SCALE;
  const textWidth = text.length * advance - GLYPH_GAP * SCALE;
  const left = Math.round(CARD.x + (CARD.width - textWidth) / 2);
  const top = Math.round(CARD.y + (CARD.height - GLYPH_ROWS * SCALE) / 2);

  [...text].forEach((char, i) => {
    const glyph = FONT.get(char);
    if (glyph === undefined) return;
    glyph.forEach((row, rowIndex) => {
      row.forEach((ink, column) => {
        if (!ink) return;
        fillRect(pixels, left + i * advance + column * SCALE, top + rowIndex * SCALE, SCALE, color);
      });
    });
  });
}

function fillRect(pixels: Buffer, x0: number, y0: number, size: number, color: Rgb): void {
  for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y0 + size); y++) {
    for (let x = Math.max(0, x0); x < Math.min(WIDTH, x0 + size); x++) {
      const offset = (y * WIDTH + x) * CHANNELS;
      pixels[offset] = color[0];
      pixels[offset + 1] = color[1];
      pixels[offset + 2] = color[2];
    }
  }
}

/** Calls `visit` for every in-bounds pixel within `margin` pixels of `box`. */
function forEachPixelNear(
  box: typeof CARD,
  margin: number,
  visit: (x: number, y: number, offset: number) => void,
): void {
  const x0 = Math.max(0, Math.floor(box.x - margin));
  const x1 = Math.min(WIDTH, Math.ceil(box.x + box.width + margin));
  const y0 = Math.max(0, Math.floor(box.y - margin));
  const y1 = Math.min(HEIGHT, Math.ceil(box.y + box.height + margin));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      visit(x, y, (y * WIDTH + x) * CHANNELS);
    }
  }
}

/**
 * Signed distance from the centre of pixel (x, y) to the edge of a rounded rectangle:
 * negative inside, positive outside. Lets the card and its shadow share one shape test.
 */
function roundedRectDistance(x: number, y: number, box: typeof CARD): number {
  const halfWidth = box.width / 2;
  const halfHeight = box.height / 2;
  const dx = Math.abs(x + 0.5 - (box.x + halfWidth)) - (halfWidth - box.radius);
  const dy = Math.abs(y + 0.5 - (box.y + halfHeight)) - (halfHeight - box.radius);
  const ox = Math.max(dx, 0);
  const oy = Math.max(dy, 0);
  const outside = Math.sqrt(ox * ox + oy * oy); // Math.hypot is markedly slower in V8
  const inside = Math.min(Math.max(dx, dy), 0);
  return outside + inside - box.radius;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** HSL to 8-bit RGB; hue in degrees (any value), saturation and lightness in 0..1. */
function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const second = chroma * (1 - Math.abs((h % 2) - 1));
  const sectors: readonly Rgb[] = [
    [chroma, second, 0],
    [second, chroma, 0],
    [0, chroma, second],
    [0, second, chroma],
    [second, 0, chroma],
    [chroma, 0, second],
  ];
  const [r, g, b] = sectors[Math.min(5, Math.floor(h))];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

// --- PNG encoding --------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes tightly packed 8-bit RGB pixels as a PNG: signature, IHDR, one IDAT, IEND. */
function encodePng(pixels: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type 2: truecolour (RGB)
  header[10] = 0; // compression method: deflate (the only one defined)
  header[11] = 0; // filter method: adaptive, five filter types (the only one defined)
  header[12] = 0; // interlace: none

  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(filterScanlines(pixels, width, height))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * PNG compresses scanlines, each prefixed by a filter-type byte. We use filter 1 (Sub) on every
 * row: each byte is stored as the difference from the same channel of the pixel to its left,
 * which turns smooth gradients into long runs of tiny values that deflate squeezes well. The
 * first pixel of a row has no left neighbour and is stored as-is (the spec treats it as 0).
 */
function filterScanlines(pixels: Buffer, width: number, height: number): Buffer {
  const stride = width * CHANNELS;
  const filtered = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const source = y * stride;
    const target = y * (stride + 1);
    filtered[target] = 1; // filter type: Sub
    for (let i = 0; i < stride; i++) {
      const left = i >= CHANNELS ? pixels[source + i - CHANNELS] : 0;
      filtered[target + 1 + i] = (pixels[source + i] - left) & 0xff;
    }
  }
  return filtered;
}

/**
 * A chunk is: 4-byte big-endian data length, 4-byte ASCII type, the data, then a CRC-32 computed
 * over the type and data (not the length).
 */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** Lookup table for the reflected CRC-32 polynomial 0xEDB88320 used by PNG (and zip/gzip). */
const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
