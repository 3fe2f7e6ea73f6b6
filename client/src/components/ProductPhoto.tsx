import { t } from '@lingui/core/macro';
import type { CSSProperties } from 'react';
import type { GalleryPhotoFieldsFragment, PhotoFieldsFragment } from '../gql/graphql';

export interface PhotoOf {
  photo?: PhotoFieldsFragment | null;
  photoUrl?: string | null;
}

interface ProductPhotoProps {
  product: PhotoOf;
  alt: string;
  /** The `sizes` of the srcsets: how wide the photo is drawn at each screen width. */
  sizes: string;
  /** In the first screenful: fetched first and at once, rather than when scrolled near. */
  priority?: boolean;
  style?: CSSProperties;
}

/** A small photo beside a line's text (cart, orders, suggestions), cut to its box. */
export const thumbnail = (width: number, height: number): CSSProperties => ({
  width,
  height,
  flex: 'none',
  objectFit: 'cover',
  borderRadius: 'var(--mantine-radius-sm)',
});

/**
 * A product's photo as a <picture>: AVIF, then WebP, then JPEG or PNG, each at the widths
 * the server resized it to, so the browser fetches the smallest file that fills the space.
 * The width and height attributes give the box its shape before any byte arrives, so
 * nothing moves when it loads. A photo not resized yet is shown as uploaded.
 */
export function ProductPhoto({ product, alt, sizes, priority = false, style }: ProductPhotoProps) {
  const { photo, photoUrl } = product;
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : 'auto';
  const fill: CSSProperties = { display: 'block', width: '100%', height: 'auto', ...style };
  if (!photo) {
    return photoUrl ? (
      <img src={photoUrl} alt={alt} loading={loading} fetchPriority={fetchPriority} style={fill} />
    ) : (
      <PhotoPlaceholder name={alt} style={style} />
    );
  }
  const fallback = photo.sources[photo.sources.length - 1];
  return (
    <picture>
      {photo.sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        srcSet={fallback?.srcSet}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        style={fill}
      />
    </picture>
  );
}

/** "Brass Lamp" -> "BL": the first letters of the first two words, for a product without a photo. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word[0].toLocaleUpperCase('en-IN'))
    .join('');
}

/**
 * What a product without a photo shows where its photo would be: its initials on the shop's
 * warm tint, in the photo's box (4:3 unless the place gives a height), never an empty space.
 */
function PhotoPlaceholder({ name, style }: { name: string; style?: CSSProperties }) {
  return (
    <div
      role="img"
      aria-label={name}
      data-testid="photo-placeholder"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        aspectRatio: '4 / 3',
        background: 'var(--mantine-color-orange-1)',
        color: 'var(--mantine-color-dark-7)',
        fontWeight: 700,
        fontSize: 'clamp(1rem, 5vw, 2.5rem)',
        userSelect: 'none',
        ...style,
      }}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </div>
  );
}

/** A product with its photos in order, as the gallery and the admin's photo manager get it. */
export interface WithGallery {
  name: string;
  photoUrl?: string | null;
  photos: GalleryPhotoFieldsFragment[];
}

/**
 * The photo at `index` as ProductPhoto draws it. Only the first photo can be waiting to be
 * resized (an upload from before photos were); it is then shown as uploaded, by photoUrl.
 */
export const galleryPhoto = (product: WithGallery, index: number): PhotoOf => ({
  photo: product.photos[index]?.picture ?? null,
  photoUrl: index === 0 ? product.photoUrl : null,
});

/** A photo's alt text: the admin's, else the product's name and where the photo stands. */
export function galleryAlt({ name, photos }: WithGallery, index: number): string {
  const given = photos[index]?.alt;
  if (given) return given;
  if (photos.length <= 1) return name;
  const position = index + 1;
  const count = photos.length;
  return t`${name}, photo ${position} of ${count}`;
}
