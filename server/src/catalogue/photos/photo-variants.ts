import sharp from 'sharp';

/**
 * The widths, in pixels, each photo is resized to at upload: a phone's card (about 343 CSS
 * pixels wide) picks 320 or 640 by its pixel density, a desktop card 320, the product page
 * 640 or 1200. A photo narrower than one of them is kept at its own width instead.
 */
export const PHOTO_WIDTHS = [320, 640, 1200] as const;

/** The formats every width is stored in, best first; the last is for browsers with neither. */
export const MODERN_FORMATS = ['avif', 'webp'] as const;
export type FallbackFormat = 'jpeg' | 'png';
/** The formats a photo is stored in, best first: each modern format, then its fallback. */
const formatsWith = (fallback: FallbackFormat): PhotoFormat[] => [...MODERN_FORMATS, fallback];
/** The sources of a photo's <picture>: one per format. */
export const PHOTO_SOURCES = MODERN_FORMATS.length + 1;
export type PhotoFormat = (typeof MODERN_FORMATS)[number] | FallbackFormat;

export const PHOTO_FORMAT_TYPES: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const EXTENSIONS: Record<PhotoFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
};

/**
 * Encoder settings: qualities a shopper cannot tell from the original at card size, and
 * an AVIF effort that keeps a 3000-pixel upload's variants at about a second of CPU.
 */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
} as const;

/** Changes whenever the files rendered from the same upload would differ. */
export const RENDERING_VERSION = `1:${PHOTO_WIDTHS.join(',')}:${JSON.stringify(ENCODERS)}`;

/** What the shop knows of a photo's files without reading them: stored on its product. */
export interface PhotoLayout {
  /** Of the photo as shown (upright), in pixels. */
  width: number;
  height: number;
  /** The widths it has files for, each in every modern format and the fallback. */
  widths: number[];
  fallback: FallbackFormat;
}

export interface PhotoFile {
  /** `<hash>-<width>.<extension>`: the file's name in its URL and its key. */
  name: string;
  data: Buffer;
  contentType: string;
}

export interface RenderedPhoto {
  layout: PhotoLayout;
  files: PhotoFile[];
}

/** Renders a checked upload whose sha256 is `hash`; renderPhoto, or a cache in front of it. */
export type PhotoRenderer = (hash: string, bytes: Buffer) => Promise<RenderedPhoto>;

export function photoFileName(hash: string, width: number, format: PhotoFormat): string {
  return `${hash}-${width}.${EXTENSIONS[format]}`;
}

/** Every file stored for a photo of this layout. */
export function photoFileNames(hash: string, layout: PhotoLayout): string[] {
  return layout.widths.flatMap((width) =>
    formatsWith(layout.fallback).map((format) => photoFileName(hash, width, format)),
  );
}

/** Where the storefront fetches a file: under PHOTO_FILES_PATH, by its name. */
export const PHOTO_FILES_PATH = 'photos';
export const photoFileUrl = (hash: string, width: number, format: PhotoFormat) =>
  `/${PHOTO_FILES_PATH}/${photoFileName(hash, width, format)}`;

export interface PhotoSource {
  /** MIME type, for `<source type>`. */
  type: string;
  /** Every width's URL with its width, for `srcset`. */
  srcSet: string;
}

/** The `<picture>` of a photo: its sources best format first, the fallback last. */
export function photoSources(hash: string, layout: PhotoLayout): PhotoSource[] {
  return formatsWith(layout.fallback).map((format) => ({
    type: PHOTO_FORMAT_TYPES[format],
    srcSet: layout.widths.map((w) => `${photoFileUrl(hash, w, format)} ${w}w`).join(', '),
  }));
}

/** The fallback format at its smallest width: for a thumbnail in an e-mail, which takes no `<picture>`. */
export const smallestPhotoUrl = (hash: string, layout: PhotoLayout) =>
  photoFileUrl(hash, layout.widths[0], layout.fallback);

/** The fallback format at its largest width: for link previews and old browsers. */
export const largestPhotoUrl = (hash: string, layout: PhotoLayout) =>
  photoFileUrl(hash, layout.widths[layout.widths.length - 1], layout.fallback);

const FILE_NAME = /^[0-9a-f]{64}-[1-9][0-9]{0,4}\.(avif|webp|jpg|png)$/;

/** Whether `name` could name a photo file: anything else is answered 404 unread. */
export function isPhotoFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The widths a photo `width` pixels wide is stored at (see PHOTO_WIDTHS). */
export function widthsFor(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/**
 * Resizes a checked upload to every width and format. The photo is turned upright by its
 * EXIF orientation first, and no metadata (camera, place, time) is written to any file.
 * A photo with transparency falls back to PNG, any other to JPEG; an animated GIF is
 * shown by its first frame.
 */
export async function renderPhoto(hash: string, bytes: Buffer): Promise<RenderedPhoto> {
  // Decoded once, upright; every file is resized from these pixels.
  const { data, info } = await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const hasAlpha = info.channels === 2 || info.channels === 4;
  const fallback: FallbackFormat = hasAlpha ? 'png' : 'jpeg';
  const widths = widthsFor(info.width);
  const files = await Promise.all(
    widths.flatMap((width) =>
      formatsWith(fallback).map(async (format): Promise<PhotoFile> => ({
        name: photoFileName(hash, width, format),
        data: await sharp(data, pixels)
          .resize({ width })
          .toFormat(format, ENCODERS[format])
          .toBuffer(),
        contentType: PHOTO_FORMAT_TYPES[format],
      })),
    ),
  );
  return { layout: { width: info.width, height: info.height, widths, fallback }, files };
}
