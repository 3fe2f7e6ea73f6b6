import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PRODUCT_PHOTO_RULES } from '@shop/rules';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AddProductPhotosDocument,
  DeleteProductPhotoDocument,
  ReorderProductPhotosDocument,
  SetProductPhotoAltDocument,
} from '../../../gql/graphql';
import type {
  AddProductPhotosMutationVariables,
  DeleteProductPhotoMutationVariables,
  ReorderProductPhotosMutationVariables,
  SetProductPhotoAltMutationVariables,
} from '../../../gql/graphql';
import {
  galleryPhoto,
  GalleryPhotoFixture,
  graphQLErrorResult,
  Mock,
  product,
  productDetails,
  recording,
} from '../../../test/fixtures';
import { stubObjectUrls } from '../../../test/object-urls';
import { adminProductMock, renderAsAdmin } from '../../../test/render-admin';

const SLUG = 'brass-lamp';
const lamp = productDetails(product(4, { name: 'Brass Lamp', slug: SLUG }), [
  galleryPhoto('front'),
  galleryPhoto('side', 'From the side'),
  galleryPhoto('lit'),
]);

/** The product as the server answers a change of its photos. */
const answer = (photos: GalleryPhotoFixture[]) => ({
  __typename: 'Product' as const,
  id: lamp.id,
  photoUrl: lamp.photoUrl,
  photo: photos[0]?.picture ?? null,
  photos,
});

function renderManager(mocks: Mock[] = []) {
  return renderAsAdmin(`/dashboard/admin/product/${SLUG}`, {
    mocks: [adminProductMock(SLUG, lamp), ...mocks],
  });
}

const photosSection = () => within(screen.getByRole('region', { name: 'Photos' }));
const rows = () => photosSection().getAllByTestId('managed-photo');
const altsShown = () => rows().map((row) => within(row).getByRole('img').getAttribute('alt') ?? '');
const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;

stubObjectUrls(() => 'blob:http://localhost/photo');

describe("The admin's photo manager", () => {
  it('lists the photos in order, the first as the card photo, with the moves each allows', async () => {
    renderManager();
    await screen.findByRole('heading', { name: 'Photos' });
    expect(altsShown()).toEqual([
      'Brass Lamp, photo 1 of 3',
      'From the side',
      'Brass Lamp, photo 3 of 3',
    ]);
    expect(within(rows()[0]).getByText('Card photo')).toBeInTheDocument();
    expect(within(rows()[1]).queryByText('Card photo')).toBeNull();
    expect(photosSection().getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();
    expect(photosSection().getByRole('button', { name: 'Move photo 3 down' })).toBeDisabled();
    expect(photosSection().getByRole('button', { name: 'Move photo 2 up' })).toBeEnabled();
    expect(photosSection().getByLabelText('Alt text of photo 2')).toHaveValue('From the side');
  });

  it('moves a photo up, sending the new order, and shows the order the server answers', async () => {
    const calls: ReorderProductPhotosMutationVariables[] = [];
    const moved = [lamp.photos[0], lamp.photos[2], lamp.photos[1]];
    const { user } = renderManager([
      recording(
        ReorderProductPhotosDocument,
        { result: { data: { reorderProductPhotos: answer(moved) } } },
        calls,
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    await user.click(photosSection().getByRole('button', { name: 'Move photo 3 up' }));
    expect(await screen.findByText('Photo moved')).toBeInTheDocument();
    expect(calls).toEqual([{ id: 'p4', order: ['front', 'lit', 'side'] }]);
    expect(altsShown()).toEqual([
      'Brass Lamp, photo 1 of 3',
      'Brass Lamp, photo 2 of 3',
      'From the side',
    ]);
  });

  it('puts a photo dragged onto another in its place', async () => {
    const calls: ReorderProductPhotosMutationVariables[] = [];
    const moved = [lamp.photos[2], lamp.photos[0], lamp.photos[1]];
    renderManager([
      recording(
        ReorderProductPhotosDocument,
        { result: { data: { reorderProductPhotos: answer(moved) } } },
        calls,
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    const [first, , third] = rows();
    fireEvent.dragStart(third);
    fireEvent.dragOver(first);
    fireEvent.drop(first);
    expect(await screen.findByText('Photo moved')).toBeInTheDocument();
    expect(calls).toEqual([{ id: 'p4', order: ['lit', 'front', 'side'] }]);
    expect(within(rows()[0]).getByRole('img')).toHaveAttribute('src', '/photos/lit-640.jpg');
    expect(rows()[0]).toHaveTextContent('Card photo');
    // A drop where the drag started moves nothing.
    fireEvent.dragStart(rows()[1]);
    fireEvent.drop(rows()[1]);
    expect(calls).toHaveLength(1);
  });

  it('uploads several photos at once', async () => {
    const calls: AddProductPhotosMutationVariables[] = [];
    const added = [...lamp.photos, galleryPhoto('box'), galleryPhoto('plug')];
    const { user } = renderManager([
      recording(
        AddProductPhotosDocument,
        { result: { data: { addProductPhotos: answer(added) } } },
        calls,
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    const files = [png('box.png'), png('plug.png')];
    await user.upload(fileInput(), files);
    expect(await screen.findByText('2 photos added')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].id).toBe('p4');
    expect(calls[0].photos).toEqual(files);
    expect(rows()).toHaveLength(5);
    expect(photosSection().getByText(/5 of 8\./)).toBeInTheDocument();
  });

  it('refuses, before any upload, more photos than there is room for, or a file too large', async () => {
    const calls: AddProductPhotosMutationVariables[] = [];
    const { user } = renderManager([
      recording(
        AddProductPhotosDocument,
        { result: { data: { addProductPhotos: answer([]) } } },
        calls,
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    const room = PRODUCT_PHOTO_RULES.maxPhotos - lamp.photos.length;
    await user.upload(
      fileInput(),
      Array.from({ length: room + 1 }, (_none, index) => png(`${index}.png`)),
    );
    expect(photosSection().getByRole('alert')).toHaveTextContent(PRODUCT_PHOTO_RULES.tooMany);
    // (The file input takes images only, so what is not one never reaches the check.)
    const huge = new File([new Uint8Array(PHOTO_MAX_BYTES)], 'huge.png', { type: 'image/png' });
    await user.upload(fileInput(), [png('a.png'), huge]);
    expect(photosSection().getByRole('alert')).toHaveTextContent(PHOTO_TOO_LARGE);
    expect(calls).toEqual([]);
  });

  it("saves a photo's alt text, and deletes a photo", async () => {
    const alts: SetProductPhotoAltMutationVariables[] = [];
    const deletes: DeleteProductPhotoMutationVariables[] = [];
    const described = [galleryPhoto('front', 'Lit, at night'), ...lamp.photos.slice(1)];
    const { user } = renderManager([
      recording(
        SetProductPhotoAltDocument,
        { result: { data: { setProductPhotoAlt: answer(described) } } },
        alts,
      ),
      recording(
        DeleteProductPhotoDocument,
        { result: { data: { deleteProductPhoto: answer(described.slice(0, 2)) } } },
        deletes,
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    const save = photosSection().getByRole('button', { name: 'Save alt text of photo 1' });
    expect(save).toBeDisabled();
    await user.type(photosSection().getByLabelText('Alt text of photo 1'), 'Lit, at night');
    await user.click(save);
    expect(await screen.findByText('Alt text saved')).toBeInTheDocument();
    expect(alts).toEqual([{ id: 'p4', hash: 'front', alt: 'Lit, at night' }]);
    expect(altsShown()[0]).toBe('Lit, at night');

    await user.click(photosSection().getByRole('button', { name: 'Delete photo 3' }));
    expect(await screen.findByText('Photo deleted')).toBeInTheDocument();
    expect(deletes).toEqual([{ id: 'p4', hash: 'lit' }]);
    expect(rows()).toHaveLength(2);
  });

  it("shows the server's refusal and keeps the photos as they were", async () => {
    const { user } = renderManager([
      recording(
        ReorderProductPhotosDocument,
        { result: graphQLErrorResult(PRODUCT_PHOTO_RULES.changedMeanwhile) },
        [],
      ),
    ]);
    await screen.findByRole('heading', { name: 'Photos' });
    await user.click(photosSection().getByRole('button', { name: 'Move photo 2 up' }));
    expect(await screen.findByText(PRODUCT_PHOTO_RULES.changedMeanwhile)).toBeInTheDocument();
    expect(altsShown()[1]).toBe('From the side');
  });
});
