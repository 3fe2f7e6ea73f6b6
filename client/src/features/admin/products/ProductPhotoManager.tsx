import {
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PRODUCT_PHOTO_RULES } from '@shop/rules';
import { DragEvent, useRef, useState } from 'react';
import {
  galleryAlt,
  galleryPhoto,
  ProductPhoto,
  thumbnail,
  WithGallery,
} from '../../../components/ProductPhoto';
import {
  useAddProductPhotosMutation,
  useDeleteProductPhotoMutation,
  useReorderProductPhotosMutation,
  useSetProductPhotoAltMutation,
} from '../../../gql/admin-hooks';
import { notifyOutcome } from '../../../lib/notify';
import { photosProblem } from './photo-rules';

type ManagedProduct = WithGallery & { id: string };

const THUMBNAIL_SIZE = 96;

/** The photos' hashes with the one at `from` put at `to`. */
function movedOrder(product: ManagedProduct, from: number, to: number): string[] {
  const order = product.photos.map((photo) => photo.hash);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return order;
}

interface PhotoRowProps {
  product: ManagedProduct;
  at: number;
  busy: boolean;
  move(from: number, to: number): void;
  /** Where a drag started, shared by the rows: a photo is dropped on another's place. */
  draggedRef: { current: number | null };
  remove(hash: string): void;
  describe(hash: string, alt: string): void;
}

/** One photo: where it stands, its alt text, and the buttons that move or delete it. */
function PhotoRow({ product, at, busy, move, remove, describe, draggedRef }: PhotoRowProps) {
  const photo = product.photos[at];
  const [alt, setAlt] = useState(photo.alt);
  const number = at + 1;
  // Dragged with a mouse onto another photo's place; the Up and Down buttons do the same
  // from the keyboard.
  const drag = {
    draggable: !busy,
    onDragStart(event: DragEvent) {
      draggedRef.current = at;
      event.dataTransfer?.setData('text/plain', photo.hash);
    },
    onDragOver(event: DragEvent) {
      if (draggedRef.current !== null) event.preventDefault();
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      const from = draggedRef.current;
      draggedRef.current = null;
      if (from !== null && from !== at) move(from, at);
    },
    onDragEnd() {
      draggedRef.current = null;
    },
  };
  return (
    <Paper
      withBorder
      p="xs"
      component="li"
      data-testid="managed-photo"
      style={{ cursor: busy ? undefined : 'grab' }}
      {...drag}
    >
      <Group align="flex-start" wrap="nowrap">
        <ProductPhoto
          product={galleryPhoto(product, at)}
          alt={galleryAlt(product, at)}
          sizes={`${THUMBNAIL_SIZE}px`}
          style={thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE)}
        />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>Photo {number}</Text>
            {at === 0 && <Badge variant="light">Card photo</Badge>}
          </Group>
          <Group gap="xs" align="flex-end">
            <TextInput
              label={`Alt text of photo ${number}`}
              placeholder={galleryAlt(product, at)}
              maxLength={PRODUCT_PHOTO_RULES.alt.maxLength}
              value={alt}
              onChange={(event) => setAlt(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              disabled={busy || alt.trim() === photo.alt}
              onClick={() => describe(photo.hash, alt)}
              aria-label={`Save alt text of photo ${number}`}
            >
              Save
            </Button>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={busy || at === 0}
              onClick={() => move(at, at - 1)}
              aria-label={`Move photo ${number} up`}
            >
              Up
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy || at === product.photos.length - 1}
              onClick={() => move(at, at + 1)}
              aria-label={`Move photo ${number} down`}
            >
              Down
            </Button>
            <Button
              size="xs"
              color="red"
              variant="outline"
              disabled={busy}
              onClick={() => remove(photo.hash)}
              aria-label={`Delete photo ${number}`}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The admin's photos of a product: several uploaded at once, put in order (the first is the
 * card's), given alt text, deleted one by one. Each change is saved at once; the server
 * answers the product's photos as they now are, which the page then shows.
 */
export function ProductPhotoManager({ product }: { product: ManagedProduct }) {
  const [add, adding] = useAddProductPhotosMutation();
  const [reorder, reordering] = useReorderProductPhotosMutation();
  const [deletePhoto, deleting] = useDeleteProductPhotoMutation();
  const [setAlt, describing] = useSetProductPhotoAltMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = adding.loading || reordering.loading || deleting.loading || describing.loading;
  const room = PRODUCT_PHOTO_RULES.maxPhotos - product.photos.length;
  const id = product.id;

  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    const found = photosProblem(files, room);
    setProblem(found);
    if (found) return;
    const added = files.length === 1 ? 'Photo added' : `${files.length} photos added`;
    await notifyOutcome(() => add({ variables: { id, photos: files } }), added);
  };
  const draggedRef = useRef<number | null>(null);
  const move = (from: number, to: number) =>
    notifyOutcome(
      () => reorder({ variables: { id, order: movedOrder(product, from, to) } }),
      'Photo moved',
    );
  const remove = (hash: string) =>
    notifyOutcome(() => deletePhoto({ variables: { id, hash } }), 'Photo deleted');
  const describe = (hash: string, alt: string) =>
    notifyOutcome(() => setAlt({ variables: { id, hash, alt } }), 'Alt text saved');

  return (
    <Stack gap="sm" maw={560} mt="xl" component="section" aria-labelledby="product-photos">
      <Title order={3} id="product-photos">
        Photos
      </Title>
      <Text size="sm" c="dimmed">
        Up to {PRODUCT_PHOTO_RULES.maxPhotos} photos, each under 1 MB; the first is the card photo.
        Drag a photo onto another&apos;s place, or move it with Up and Down. {product.photos.length}{' '}
        of {PRODUCT_PHOTO_RULES.maxPhotos}.
      </Text>
      <Group>
        <FileButton onChange={pick} accept="image/*" multiple disabled={busy || room === 0}>
          {(props) => (
            <Button variant="default" loading={adding.loading} {...props}>
              Add photos
            </Button>
          )}
        </FileButton>
      </Group>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      {product.photos.length > 0 && (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {product.photos.map((photo, at) => (
            <PhotoRow
              key={photo.hash}
              product={product}
              at={at}
              busy={busy}
              move={move}
              remove={remove}
              describe={describe}
              draggedRef={draggedRef}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
