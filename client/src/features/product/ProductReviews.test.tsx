import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product, productDetailsMock, similarProductsMock, storedAuth } from '../../test/fixtures';
import {
  myReviewMock,
  productReviewsMock,
  reviewOf,
  writeReviewMock,
} from '../../test/review-fixtures';
import { renderWithShop } from '../../test/render';
import { errorOf } from '../../test/field-errors';
import { reviewWords } from './review-words';

const REVIEW_WORDS = reviewWords();

const kurta = product(1, {
  name: 'Cotton Kurta',
  slug: 'cotton-kurta',
  rating: { __typename: 'ProductRating', average: 4.3, count: 7 },
});
const pageMocks = [productDetailsMock('cotton-kurta', kurta), similarProductsMock('p1', [])];
/** Picks the stars as a keyboard does (the star drawn over each radio takes the pointer). */
async function chooseStars(
  user: ReturnType<typeof renderWithShop>['user'],
  form: ReturnType<typeof within>,
  stars: number,
) {
  form.getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'}` }).focus();
  await user.keyboard(' ');
}

const seven = Array.from({ length: 7 }, (_, at) => reviewOf(at + 1));

describe('Product page: ratings and reviews', () => {
  it('shows the average, the breakdown and the reviews a page at a time', async () => {
    const { user } = renderWithShop('/product/cotton-kurta', {
      mocks: [...pageMocks, productReviewsMock(seven, [3, 2, 1, 1, 0])],
    });
    const section = within(await screen.findByRole('region', { name: REVIEW_WORDS.heading }));
    expect(screen.getAllByRole('img', { name: 'Rated 4.3 out of 5 by 7 shoppers' })).toHaveLength(
      2,
    );
    expect(await section.findByRole('listitem', { name: '5 stars: 3 reviews' })).toBeVisible();
    expect(section.getByRole('listitem', { name: '1 star: 0 reviews' })).toBeVisible();
    expect(section.getAllByTestId('review')).toHaveLength(5);
    expect(section.getByText('Review 1')).toBeVisible();
    await user.click(section.getByRole('button', { name: '2' }));
    await waitFor(() => expect(section.getAllByTestId('review')).toHaveLength(2));
    expect(section.getByText('Review 6')).toBeVisible();
    // Signed out: no form.
    expect(screen.queryByRole('form', { name: REVIEW_WORDS.formTitle })).toBeNull();
  });

  it('says there are no reviews yet, and offers no form to a shopper who has not received it', async () => {
    renderWithShop('/product/cotton-kurta', {
      auth: storedAuth(),
      mocks: [...pageMocks, myReviewMock(false)],
    });
    expect(await screen.findByText(REVIEW_WORDS.none)).toBeVisible();
    expect(screen.queryByRole('form', { name: REVIEW_WORDS.formTitle })).toBeNull();
  });

  it('lets a shopper who received it write a review, checking the fields first', async () => {
    const calls: Record<string, unknown>[] = [];
    const { user } = renderWithShop('/product/cotton-kurta', {
      auth: storedAuth(),
      mocks: [
        ...pageMocks,
        myReviewMock(true),
        writeReviewMock(reviewOf(9, { rating: 5, title: 'Lovely' }), calls),
      ],
    });
    const form = within(await screen.findByRole('form', { name: REVIEW_WORDS.formTitle }));
    await user.click(form.getByRole('button', { name: REVIEW_WORDS.write }));
    expect(await form.findByText(REVIEW_WORDS.ratingRequired)).toBeVisible();
    expect(errorOf(form.getByRole('radiogroup', { name: REVIEW_WORDS.rating }))).toBe(
      REVIEW_WORDS.ratingRequired,
    );
    // The focus is on the stars, the first field in error.
    await waitFor(() =>
      expect(
        within(form.getByRole('radiogroup', { name: REVIEW_WORDS.rating })).getAllByRole(
          'radio',
        )[0],
      ).toHaveFocus(),
    );
    expect(calls).toHaveLength(0);

    await chooseStars(user, form, 5);
    await user.type(form.getByRole('textbox', { name: REVIEW_WORDS.title }), 'Lovely');
    await user.type(form.getByRole('textbox', { name: REVIEW_WORDS.text }), 'Soft{Enter}and cool');
    await user.click(form.getByRole('button', { name: REVIEW_WORDS.write }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      productId: 'p1',
      rating: 5,
      title: 'Lovely',
      text: 'Soft\nand cool',
    });
    expect(await screen.findByText(REVIEW_WORDS.saved)).toBeVisible();
  });

  it('edits the shopper’s own review, and shows a refusal beside its field', async () => {
    const mine = reviewOf(3, { rating: 2, title: 'Meh', text: '' });
    const { user } = renderWithShop('/product/cotton-kurta', {
      auth: storedAuth(),
      mocks: [
        ...pageMocks,
        myReviewMock(true, mine),
        writeReviewMock({ error: 'title must not contain control characters' }),
      ],
    });
    const form = within(await screen.findByRole('form', { name: REVIEW_WORDS.formTitle }));
    expect(form.getByRole('textbox', { name: REVIEW_WORDS.title })).toHaveValue('Meh');
    expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.click(form.getByRole('button', { name: REVIEW_WORDS.edit }));
    expect(await form.findByText('title must not contain control characters')).toBeVisible();
    expect(form.getByRole('textbox', { name: REVIEW_WORDS.title })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows a refusal that names no field of the form above it', async () => {
    const { user } = renderWithShop('/product/cotton-kurta', {
      auth: storedAuth(),
      mocks: [
        ...pageMocks,
        myReviewMock(true),
        writeReviewMock({
          error: 'productId: You can review a product once it has been delivered to you',
        }),
      ],
    });
    const form = within(await screen.findByRole('form', { name: REVIEW_WORDS.formTitle }));
    await chooseStars(user, form, 4);
    await user.click(form.getByRole('button', { name: REVIEW_WORDS.write }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'You can review a product once it has been delivered to you',
    );
  });
});
