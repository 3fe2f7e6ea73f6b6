import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { DemoCategory } from './demo-catalog';

/**
 * Pictures for the demo catalogue: an illustration of what the product is, an outline icon
 * from Tabler Icons (MIT, the @tabler/icons package), drawn large on its category's colours
 * and rasterised by sharp. The same product always gives the same bytes, so stored photos
 * are deduplicated by content.
 */

export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 600;

/** Pictures of products that name no icon, such as the ones tests and scripts create. */
export const FALLBACK_ICON = 'shopping-bag';

export interface Palette {
  /** Background gradient, top to bottom. */
  light: string;
  deep: string;
  /** The icon. */
  ink: string;
  /** The icon's offset shadow and the soft shapes around it. */
  accent: string;
}

/** One palette per demo category, so a category page reads as one shelf. */
export const CATEGORY_PALETTES: Readonly<Record<DemoCategory, Palette>> = {
  Electronics: { light: '#dbeafe', deep: '#93c5fd', ink: '#1e3a8a', accent: '#3b82f6' },
  Mobiles: { light: '#ccfbf1', deep: '#2dd4bf', ink: '#134e4a', accent: '#0d9488' },
  Fashion: { light: '#ffe4e6', deep: '#fda4af', ink: '#881337', accent: '#f43f5e' },
  Books: { light: '#fef9c3', deep: '#fde047', ink: '#713f12', accent: '#eab308' },
  'Home & Kitchen': { light: '#ffedd5', deep: '#fb923c', ink: '#7c2d12', accent: '#f97316' },
  'Sports & Fitness': { light: '#ecfccb', deep: '#a3e635', ink: '#365314', accent: '#65a30d' },
  'Beauty & Personal Care': {
    light: '#f3e8ff',
    deep: '#d8b4fe',
    ink: '#581c87',
    accent: '#a855f7',
  },
};

/** For a category without a palette of its own. */
export const FALLBACK_PALETTE: Palette = {
  light: '#f1f5f9',
  deep: '#cbd5e1',
  ink: '#334155',
  accent: '#64748b',
};

export interface PictureSubject {
  name: string;
  /** A Tabler outline icon, e.g. 'device-laptop'; FALLBACK_ICON when absent. */
  icon?: string;
  /** The category's name, which picks the palette. */
  category?: string;
}

/**
 * An 800x600 PNG picturing the product. The name only places the soft shapes around the icon,
 * so two products with the same icon and category still get pictures of their own.
 */
export async function renderProductImage(subject: PictureSubject): Promise<Buffer> {
  // zlib's default level with unfiltered rows: the flat colours and the vertical gradient
  // compress to a few tens of KB in about 10 ms; level 9 or adaptive filtering would cost
  // three to ten times the time for a tenth off the size. Full colour, no palette
  // quantisation, so gradients stay smooth.
  return sharp(Buffer.from(composeSvg(subject)))
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

export function paletteFor(category: string | undefined): Palette {
  const palettes: Readonly<Record<string, Palette>> = CATEGORY_PALETTES;
  return category !== undefined && Object.hasOwn(palettes, category)
    ? palettes[category]
    : FALLBACK_PALETTE;
}

const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const iconPackage = createRequire(__filename);

/** The drawing inside an icon's <svg> element, read once per icon. */
const iconBodies = new Map<string, string>();

/** Whether @tabler/icons has an outline icon by this name. */
export function iconExists(icon: string): boolean {
  if (!ICON_NAME.test(icon)) return false;
  try {
    iconPackage.resolve(`@tabler/icons/outline/${icon}.svg`);
    return true;
  } catch {
    return false;
  }
}

function iconBody(icon: string): string {
  const cached = iconBodies.get(icon);
  if (cached !== undefined) return cached;
  if (!iconExists(icon)) throw new Error(`No such icon in @tabler/icons: "${icon}"`);
  const file = readFileSync(iconPackage.resolve(`@tabler/icons/outline/${icon}.svg`), 'utf8');
  const body = file.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  iconBodies.set(icon, body);
  return body;
}

/** Tabler icons are drawn on a 24-unit grid. */
const ICON_GRID = 24;
const ICON_SIZE = 340;
const ICON_SCALE = ICON_SIZE / ICON_GRID;
/** Thinner than Tabler's 2 units: at this size the default looks heavy. */
const ICON_STROKE = 1.6;
const CENTRE = { x: PRODUCT_IMAGE_WIDTH / 2, y: PRODUCT_IMAGE_HEIGHT / 2 - 10 };
/**
 * Rings of white round the icon, faintest outside: a glow that compresses far better than a
 * radial gradient.
 */
const HALO_RADIUS = 225;
const HALO = [
  { scale: 1.3, opacity: 0.25 },
  { scale: 1.12, opacity: 0.3 },
  { scale: 1, opacity: 0.45 },
];
/** How far the accent-coloured copy of the icon sits below and right of it, in pixels. */
const SHADOW_OFFSET = 10;

function composeSvg({ name, icon, category }: PictureSubject): string {
  const palette = paletteFor(category);
  const body = iconBody(icon ?? FALLBACK_ICON);
  const origin = `translate(${CENTRE.x - ICON_SIZE / 2} ${CENTRE.y - ICON_SIZE / 2})`;
  const layer = (shift: number, paint: string) =>
    `<g transform="translate(${shift} ${shift}) ${origin} scale(${ICON_SCALE})" ${paint}>${body}</g>`;
  // `color` too, for the few icon parts painted with currentColor.
  const stroke = (colour: string) =>
    `fill="none" color="${colour}" stroke="${colour}" stroke-width="${ICON_STROKE}"` +
    ' stroke-linecap="round" stroke-linejoin="round"';
  const fill = (colour: string) => `fill="${colour}" color="${colour}" stroke="none"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_WIDTH}"`,
    ` height="${PRODUCT_IMAGE_HEIGHT}" viewBox="0 0 ${PRODUCT_IMAGE_WIDTH} ${PRODUCT_IMAGE_HEIGHT}">`,
    '<defs>',
    '<linearGradient id="background" x1="0" y1="0" x2="0" y2="1">',
    `<stop offset="0" stop-color="${palette.light}"/>`,
    `<stop offset="1" stop-color="${palette.deep}"/>`,
    '</linearGradient>',
    '</defs>',
    `<rect width="100%" height="100%" fill="url(#background)"/>`,
    softShapes(name, palette),
    ...HALO.map(
      ({ scale, opacity }) =>
        `<circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="${HALO_RADIUS * scale}" fill="#ffffff"` +
        ` opacity="${opacity}"/>`,
    ),
    // The shadow the object casts on the floor.
    `<ellipse cx="${CENTRE.x}" cy="${CENTRE.y + ICON_SIZE / 2 + 18}" rx="${ICON_SIZE * 0.42}"`,
    ` ry="14" fill="${palette.ink}" opacity="0.14"/>`,
    layer(SHADOW_OFFSET, `opacity="0.35" ${stroke(palette.accent)}`),
    // White inside the outline's shapes, so the icon reads as an object, not a line drawing.
    layer(0, `opacity="0.7" ${fill('#ffffff')}`),
    layer(0, stroke(palette.ink)),
    '</svg>',
  ].join('');
}

/**
 * Three translucent circles near the corners, placed and sized by a hash of the name: some
 * variety along a shelf of one category, the same every time for one name.
 */
function softShapes(name: string, palette: Palette): string {
  const seed = createHash('sha256').update(name).digest();
  /** A number from 0 to `span`, from one byte of the hash. */
  const pick = (byte: number, span: number) => (seed[byte] / 255) * span;
  const corners = [
    { right: false, bottom: false, opacity: 0.2 },
    { right: true, bottom: true, opacity: 0.2 },
    { right: seed[9] % 2 === 0, bottom: seed[10] % 2 === 0, opacity: 0.12 },
  ];
  return corners
    .map(({ right, bottom, opacity }, i) => {
      const dx = pick(i * 3, 180);
      const dy = pick(i * 3 + 1, 140);
      const x = right ? PRODUCT_IMAGE_WIDTH - dx : dx;
      const y = bottom ? PRODUCT_IMAGE_HEIGHT - dy : dy;
      const radius = 70 + pick(i * 3 + 2, 110);
      return (
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${radius.toFixed(1)}"` +
        ` fill="${palette.accent}" opacity="${opacity}"/>`
      );
    })
    .join('');
}
