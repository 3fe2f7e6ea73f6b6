import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  galleryPhoto,
  product,
  productDetails,
  productDetailsMock,
  similarProductsMock,
  variant,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';
import { SWIPE_DISTANCE } from './ProductGallery';

const lamp = productDetails(product(1, { name: 'Brass Lamp', slug: 'brass-lamp' }), [
  galleryPhoto('front'),
  galleryPhoto('side', 'The lamp from the side'),
  galleryPhoto('lit'),
]);

function renderGallery(shown = lamp) {
  return renderWithShop('/product/brass-lamp', {
    mocks: [productDetailsMock('brass-lamp', shown), similarProductsMock('p1', [])],
  });
}

const gallery = () => within(screen.getByRole('region', { name: 'Photos of Brass Lamp' }));
/** The photo shown large on the page (not a thumbnail, whose alt is empty). */
const shownPhoto = () => gallery().getByRole('button', { name: /view larger$/ });

describe('Product gallery', () => {
  it('shows the first photo, where it stands, and a thumbnail of each', async () => {
    renderGallery();
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    expect(shownPhoto()).toHaveAccessibleName('Brass Lamp, photo 1 of 3: view larger');
    expect(within(shownPhoto()).getByRole('img')).toHaveAttribute('src', '/photos/front-640.jpg');
    expect(gallery().getByText('Photo 1 of 3')).toBeInTheDocument();
    const thumbnails = within(
      gallery().getByRole('group', { name: 'Choose a photo' }),
    ).getAllByRole('button');
    expect(thumbnails.map((thumbnail) => thumbnail.getAttribute('aria-label'))).toEqual([
      'Show photo 1: Brass Lamp, photo 1 of 3',
      'Show photo 2: The lamp from the side',
      'Show photo 3: Brass Lamp, photo 3 of 3',
    ]);
    expect(thumbnails[0]).toHaveAttribute('aria-current', 'true');
  });

  it('steps with the buttons, around the ends, and jumps with the thumbnails', async () => {
    const { user } = renderGallery();
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    await user.click(gallery().getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toHaveAccessibleName('The lamp from the side: view larger');
    expect(gallery().getByText('Photo 2 of 3')).toBeInTheDocument();
    await user.click(gallery().getByRole('button', { name: 'Previous photo' }));
    await user.click(gallery().getByRole('button', { name: 'Previous photo' }));
    expect(within(shownPhoto()).getByRole('img')).toHaveAttribute('src', '/photos/lit-640.jpg');
    await user.click(gallery().getByRole('button', { name: /^Show photo 2/ }));
    expect(gallery().getByText('Photo 2 of 3')).toBeInTheDocument();
    expect(gallery().getByRole('button', { name: /^Show photo 2/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('steps with the arrow keys from anywhere in it', async () => {
    const { user } = renderGallery();
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    await user.click(gallery().getByRole('button', { name: /^Show photo 1/ }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(gallery().getByText('Photo 3 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(gallery().getByText('Photo 1 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(gallery().getByText('Photo 3 of 3')).toBeInTheDocument();
  });

  it('follows a sideways swipe, and not an upward one or a short one', async () => {
    renderGallery();
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    const stage = gallery().getByTestId('gallery-stage');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(stage, { clientX: from[0], clientY: from[1], pointerType: 'touch' });
      fireEvent.pointerUp(stage, { clientX: to[0], clientY: to[1], pointerType: 'touch' });
    };
    swipe([300, 200], [100, 210]);
    expect(gallery().getByText('Photo 2 of 3')).toBeInTheDocument();
    swipe([100, 200], [300, 190]);
    expect(gallery().getByText('Photo 1 of 3')).toBeInTheDocument();
    swipe([200, 400], [150, 100]);
    swipe([200, 200], [200 - SWIPE_DISTANCE + 1, 200]);
    expect(gallery().getByText('Photo 1 of 3')).toBeInTheDocument();
    // The click a swipe ends with opens nothing.
    swipe([300, 200], [100, 200]);
    fireEvent.click(shownPhoto());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a larger view that steps too and closes with Escape', async () => {
    const { user } = renderGallery();
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    await user.click(shownPhoto());
    const dialog = within(await screen.findByRole('dialog', { name: 'Brass Lamp' }));
    expect(dialog.getByRole('img', { name: 'Brass Lamp, photo 1 of 3' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Next photo' }));
    expect(dialog.getByRole('img', { name: 'The lamp from the side' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(dialog.getByText('Photo 3 of 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    // The page shows the photo the larger view was left at.
    expect(gallery().getByText('Photo 3 of 3')).toBeInTheDocument();
  });

  it('shows one photo alone, named after the product, without steps or thumbnails', async () => {
    renderGallery({ ...lamp, photos: [galleryPhoto('front')] });
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    expect(shownPhoto()).toHaveAccessibleName('Brass Lamp: view larger');
    expect(gallery().queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(gallery().queryByRole('group')).toBeNull();
  });

  it('turns to the photo of the variant chosen when it has one of its own', async () => {
    const kurta = productDetails(
      product(1, {
        name: 'Brass Lamp',
        slug: 'brass-lamp',
        options: [{ __typename: 'ProductOption', name: 'Finish', values: ['Plain', 'Etched'] }],
      }),
      [
        galleryPhoto('front'),
        galleryPhoto('side'),
        galleryPhoto('lit'),
        variant('v1', ['Plain']),
        variant('v2', ['Etched'], { photoHash: 'lit' }),
      ],
    );
    const { user } = renderWithShop('/product/brass-lamp?finish=Plain', {
      mocks: [productDetailsMock('brass-lamp', kurta), similarProductsMock('p1', [])],
    });
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamp' });
    expect(gallery().getByText('Photo 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Etched' }));
    expect(await gallery().findByText('Photo 3 of 3')).toBeInTheDocument();
    expect(within(shownPhoto()).getByRole('img')).toHaveAttribute('src', '/photos/lit-640.jpg');
  });
});
