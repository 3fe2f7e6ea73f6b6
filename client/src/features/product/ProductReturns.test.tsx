import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductReturnsDocument } from '../../gql/graphql';
import { mockOf, product, productDetailsMock, similarProductsMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

// An electronics product (category c1), as the fixtures make it.
const phone = product(1, { name: 'Galaxy Phone', slug: 'galaxy-phone' });

const policyMock = (
  windowDays: number,
  nonReturnableCategories: string[] = [],
  nonReturnableProducts: string[] = [],
) =>
  mockOf(ProductReturnsDocument, {
    result: {
      data: {
        returnPolicy: {
          __typename: 'ReturnPolicy',
          windowDays,
          nonReturnableCategories,
          nonReturnableProducts,
        },
      },
    },
  });

describe('Returns on the product page', () => {
  it.each([
    [
      'a product the shop takes back, for its window',
      policyMock(7, ['c2'], ['p2']),
      '7-day returns',
    ],
    ['a product listed as not returnable', policyMock(7, [], ['p1']), 'Not returnable'],
    ['a product of a category not taken back', policyMock(10, ['c1']), 'Not returnable'],
    ['any product when the shop takes no returns', policyMock(0), 'Not returnable'],
  ])('says so for %s', async (_, policy, words) => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', []), policy],
    });
    expect(await screen.findByTestId('product-returns')).toHaveTextContent(words);
  });

  it('says nothing while the policy is on its way or cannot be read', async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [
        productDetailsMock('galaxy-phone', phone),
        similarProductsMock('p1', []),
        mockOf(ProductReturnsDocument, { error: new TypeError('Failed to fetch') }),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Galaxy Phone' });
    expect(screen.queryByTestId('product-returns')).toBeNull();
  });
});
