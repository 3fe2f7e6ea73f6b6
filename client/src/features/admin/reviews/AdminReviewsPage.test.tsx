import { ADMIN_PAGE_SIZE } from '@shop/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminReviewsDocument, SetReviewHiddenDocument } from '../../../gql/graphql';
import type { AdminReviewsQuery, AdminReviewsQueryVariables } from '../../../gql/graphql';
import { Answer, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { ADMIN_REVIEW_WORDS } from './AdminReviewsPage';

type ReviewRow = Answer<AdminReviewsQuery['reviews']['items'][number]>;

const row = (n: number, overrides: Partial<ReviewRow> = {}): ReviewRow => ({
  __typename: 'Review',
  id: `p${n}.u${n}`,
  productName: `Product ${n}`,
  productSlug: `product-${n}`,
  name: `Shopper ${n}.`,
  rating: n,
  title: `Title ${n}`,
  text: `Text ${n}`,
  hidden: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

/** The server's list, as it stands: each request answers the rows as they are then. */
function reviewsMock(state: { rows: ReviewRow[] }, calls: AdminReviewsQueryVariables[]) {
  return mockOf(AdminReviewsDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      const rows = state.rows.filter(
        (review) => variables.hidden == null || review.hidden === variables.hidden,
      );
      return { data: { reviews: { __typename: 'ReviewPage', total: rows.length, items: rows } } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

function hideMock(state: { rows: ReviewRow[] }, calls: unknown[]) {
  return mockOf(SetReviewHiddenDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      state.rows = state.rows.map((review) =>
        review.id === String(variables.id) ? { ...review, hidden: variables.hidden } : review,
      );
      return {
        data: {
          setReviewHidden: {
            __typename: 'Review',
            id: String(variables.id),
            hidden: variables.hidden,
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

describe('Reviews (admin)', () => {
  it('lists reviews newest first with their product, shopper, stars and text', async () => {
    const calls: AdminReviewsQueryVariables[] = [];
    const state = { rows: [row(5), row(2, { hidden: true })] };
    renderAsAdmin('/dashboard/admin/reviews', { mocks: [reviewsMock(state, calls)] });
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    const [first, second] = await main.findAllByTestId('review-row');
    expect(within(first).getByRole('link', { name: 'Product 5' })).toHaveAttribute(
      'href',
      '/product/product-5',
    );
    expect(within(first).getByRole('img', { name: '5 out of 5' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Title 5');
    expect(within(second).getByText('Hidden')).toBeInTheDocument();
    expect(calls[0]).toEqual({ page: 1, pageSize: ADMIN_PAGE_SIZE, hidden: null });
  });

  it('hides a review and shows one again', async () => {
    const hides: unknown[] = [];
    const state = { rows: [row(5), row(2, { hidden: true })] };
    const { user } = renderAsAdmin('/dashboard/admin/reviews', {
      mocks: [reviewsMock(state, []), hideMock(state, hides)],
    });
    const main = within(screen.getByRole('main'));
    await main.findAllByTestId('review-row');
    await user.click(
      main.getByRole('button', { name: 'Hide the review by Shopper 5. of Product 5' }),
    );
    await waitFor(() => expect(hides).toEqual([{ id: 'p5.u5', hidden: true }]));
    expect(await screen.findByText(ADMIN_REVIEW_WORDS.hidden)).toBeInTheDocument();
    await user.click(
      main.getByRole('button', { name: 'Show the review by Shopper 2. of Product 2' }),
    );
    await waitFor(() => expect(hides).toHaveLength(2));
    expect(hides[1]).toEqual({ id: 'p2.u2', hidden: false });
  });

  it('shows only the hidden reviews when asked', async () => {
    const calls: AdminReviewsQueryVariables[] = [];
    const state = { rows: [row(5), row(2, { hidden: true })] };
    const { user } = renderAsAdmin('/dashboard/admin/reviews', {
      mocks: [reviewsMock(state, calls)],
    });
    const main = within(screen.getByRole('main'));
    await main.findAllByTestId('review-row');
    await user.click(main.getByRole('radio', { name: 'Hidden' }));
    await waitFor(() => expect(main.getAllByTestId('review-row')).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ hidden: true });
  });
});
