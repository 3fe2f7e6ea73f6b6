import {
  MyReviewDocument,
  ProductReviewsDocument,
  type ReviewFieldsFragment,
  WriteReviewDocument,
} from '../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from './fixtures';

export type ReviewFixture = Answer<ReviewFieldsFragment>;

export function reviewOf(n: number, overrides: Partial<ReviewFixture> = {}): ReviewFixture {
  return {
    __typename: 'Review',
    id: `p1.u${n}`,
    name: `Shopper ${n}.`,
    rating: 4,
    title: `Review ${n}`,
    text: `Text of review ${n}`,
    hidden: false,
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** Every number of stars, 5 first, with the counts given for 5 to 1. */
export const breakdownOf = (counts: number[] = [0, 0, 0, 0, 0]) =>
  [5, 4, 3, 2, 1].map((stars, at) => ({ __typename: 'StarCount', stars, count: counts[at] }));

/** The product's reviews, a page at a time (5 a page), for any product: none by default. */
export function productReviewsMock(reviews: ReviewFixture[] = [], counts?: number[], pageSize = 5) {
  return mockOf(ProductReviewsDocument, {
    variables: () => true,
    result: ({ page }) => ({
      data: {
        productReviews: {
          __typename: 'ProductReviewPage',
          total: reviews.length,
          page,
          pageSize,
          hasMore: page * pageSize < reviews.length,
          items: reviews.slice((page - 1) * pageSize, page * pageSize),
          breakdown: breakdownOf(counts),
        },
      },
    }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export function myReviewMock(mayReview: boolean, mine: ReviewFixture | null = null) {
  return mockOf(MyReviewDocument, {
    variables: () => true,
    result: { data: { mayReview, myReview: mine } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export function writeReviewMock(
  answer: ReviewFixture | { error: string; code?: string },
  calls: Record<string, unknown>[] = [],
) {
  return mockOf(WriteReviewDocument, {
    variables: (variables) => {
      calls.push(variables.input as Record<string, unknown>);
      return true;
    },
    result:
      'error' in answer
        ? graphQLErrorResult(answer.error, answer.code ?? 'BAD_USER_INPUT')
        : { data: { writeReview: answer } },
  });
}
