import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { KeyboardEvent, PointerEvent, ReactNode, useRef, useState } from 'react';
import {
  galleryAlt,
  galleryPhoto,
  ProductPhoto,
  thumbnail,
  WithGallery,
} from '../../components/ProductPhoto';

/** The photo column: the page's width on a phone, five twelfths of about 1,200 pixels beside. */
const PAGE_PHOTO_SIZES = '(min-width: 62em) 480px, 100vw';
/** The larger view: the dialog's width (Mantine's xl) on a desktop, the screen's on a phone. */
const LARGE_PHOTO_SIZES = '(min-width: 62em) 900px, 100vw';
const THUMBNAIL_SIZE = 64;
/** How far, in CSS pixels, a finger must travel sideways, more than up or down, to swipe. */
export const SWIPE_DISTANCE = 40;

/**
 * A sideways swipe on a touch screen (or a drag with a mouse) as a step: -1 to the left
 * photo, 1 to the right one. Vertical movement stays the page's scroll (touch-action pan-y),
 * and a swipe is not also a click.
 */
function useSwipe(step: (by: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
      swiped.current = true;
      step(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    /** Whether the click that follows a pointer's release ended a swipe, and so is none. */
    wasSwipe: () => swiped.current,
    style: { touchAction: 'pan-y' } as const,
  };
}

interface StageProps {
  product: WithGallery;
  index: number;
  step: (by: 1 | -1) => void;
  /** The photo itself, drawn at `index`. */
  children: (swipeEnded: () => boolean) => ReactNode;
}

/** One photo with the buttons to the ones beside it, swiped on a touch screen. */
function Stage({ product, index, step, children }: StageProps) {
  const { t } = useLingui();
  const { wasSwipe, style, ...swipe } = useSwipe(step);
  const several = product.photos.length > 1;
  const number = index + 1;
  const photos = product.photos.length;
  const arrow = (by: 1 | -1, label: string, side: 'left' | 'right', sign: string) => (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={label}
      onClick={() => step(by)}
      style={{ position: 'absolute', top: '50%', [side]: 8, transform: 'translateY(-50%)' }}
    >
      <span aria-hidden="true">{sign}</span>
    </ActionIcon>
  );
  return (
    <Box pos="relative" style={style} {...swipe} data-testid="gallery-stage">
      {children(wasSwipe)}
      {several && arrow(-1, t`Previous photo`, 'left', '‹')}
      {several && arrow(1, t`Next photo`, 'right', '›')}
      {several && (
        <Text size="sm" ta="center" mt={4} aria-live="polite">
          <Trans>
            Photo {number} of {photos}
          </Trans>
        </Text>
      )}
    </Box>
  );
}

/**
 * A product's photos on its page: one at a time with the buttons and thumbnails to the
 * others, a swipe on a touch screen, the arrow keys, and a larger view in a dialog (which
 * the photo opens). Every photo is fetched at the sizes it is drawn at (ProductPhoto).
 */
export function ProductGallery({
  product,
  showing = null,
}: {
  product: WithGallery;
  /** A photo the page asks to show, by hash: the chosen variant's own. */
  showing?: string | null;
}) {
  const { t } = useLingui();
  const count = product.photos.length;
  const [index, setIndex] = useState(0);
  const [large, setLarge] = useState(false);
  // Turned to the photo asked for each time it changes; the shopper may browse on from there.
  const [followed, setFollowed] = useState<string | null>(null);
  if (showing !== followed) {
    setFollowed(showing);
    const at = product.photos.findIndex((photo) => photo.hash === showing);
    if (at >= 0) setIndex(at);
  }
  if (count === 0) return null;
  const shown = Math.min(index, count - 1);
  const step = (by: 1 | -1) => setIndex((shown + by + count) % count);
  const arrowKeys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  const alt = galleryAlt(product, shown);
  const name = product.name;

  return (
    <Stack
      gap="xs"
      component="section"
      aria-roledescription={t`carousel`}
      aria-label={t`Photos of ${name}`}
      onKeyDown={arrowKeys}
    >
      <Stage product={product} index={shown} step={step}>
        {(wasSwipe) => (
          <UnstyledButton
            display="block"
            w="100%"
            aria-haspopup="dialog"
            aria-label={t`${alt}: view larger`}
            onClick={() => !wasSwipe() && setLarge(true)}
          >
            <ProductPhoto
              product={galleryPhoto(product, shown)}
              alt={alt}
              sizes={PAGE_PHOTO_SIZES}
              priority={shown === 0}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </UnstyledButton>
        )}
      </Stage>
      {count > 1 && (
        <Group gap="xs" aria-label={t`Choose a photo`} role="group">
          {product.photos.map((photo, at) => {
            const number = at + 1;
            const photoAlt = galleryAlt(product, at);
            return (
              <UnstyledButton
                key={photo.hash}
                aria-label={t`Show photo ${number}: ${photoAlt}`}
                aria-current={at === shown}
                onClick={() => setIndex(at)}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  outline: at === shown ? '2px solid var(--mantine-color-blue-7)' : undefined,
                  outlineOffset: 2,
                }}
              >
                <ProductPhoto
                  product={galleryPhoto(product, at)}
                  alt=""
                  sizes={`${THUMBNAIL_SIZE}px`}
                  style={thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE)}
                />
              </UnstyledButton>
            );
          })}
        </Group>
      )}
      <Modal opened={large} onClose={() => setLarge(false)} title={product.name} size="xl">
        <Stage product={product} index={shown} step={step}>
          {() => (
            <ProductPhoto
              product={galleryPhoto(product, shown)}
              alt={alt}
              sizes={LARGE_PHOTO_SIZES}
            />
          )}
        </Stage>
      </Modal>
    </Stack>
  );
}
