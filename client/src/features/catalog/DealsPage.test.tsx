import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannerCollectionDocument } from '../../gql/graphql';
import { homeBanner, mockOf, product, products, storefrontMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

const DEALS = { discounted: true } as const;

describe('Deals page', () => {
  it('asks for the products below their MRP, the biggest discount first, and shows them', async () => {
    renderWithShop('/deals', {
      mocks: [
        storefrontMock({
          filter: DEALS,
          sort: 'DISCOUNT',
          total: 2,
          items: [product(1, { name: 'Half-price kettle' }), product(2, { name: 'Lamp' })],
        }),
      ],
    });
    expect(await screen.findByText('Half-price kettle')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deals' })).toBeInTheDocument();
    expect(screen.getByText('2 products below MRP')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Biggest discount',
    );
    expect(document.title).toMatch(/^Deals \|/);
  });

  it('keeps to the deals when sorted another way, the order in the URL', async () => {
    const { user, router } = renderWithShop('/deals', {
      mocks: [
        storefrontMock({ filter: DEALS, sort: 'DISCOUNT', total: 6, items: products(1, 6) }),
        storefrontMock({ filter: DEALS, sort: 'PRICE_ASC', total: 1, items: [product(9)] }),
      ],
    });
    await screen.findByText('Product 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'PRICE_ASC');
    expect(await screen.findByText('Product 9')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=price-asc');
  });

  it('is linked from the header', async () => {
    renderWithShop('/contact');
    expect(screen.getAllByRole('link', { name: 'Deals' })[0]).toHaveAttribute('href', '/deals');
  });
});

describe('A banner’s collection page', () => {
  it('lists the products the banner chose, under its title', async () => {
    const banner = homeBanner('b7', 'Monsoon picks');
    renderWithShop('/collection/b7', {
      mocks: [
        mockOf(BannerCollectionDocument, {
          variables: { id: 'b7' },
          result: {
            data: {
              bannerCollection: {
                __typename: 'BannerCollection',
                banner: {
                  __typename: 'HomeBanner',
                  id: 'b7',
                  title: banner.title,
                  text: banner.text,
                },
                products: [product(3, { name: 'Umbrella' }), product(4, { name: 'Raincoat' })],
              },
            },
          },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Monsoon picks' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Umbrella')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Raincoat')).toBeInTheDocument();
  });

  it('is not found for a banner that has no collection', async () => {
    renderWithShop('/collection/gone', {
      mocks: [
        mockOf(BannerCollectionDocument, {
          variables: { id: 'gone' },
          result: { data: { bannerCollection: null } },
        }),
      ],
    });
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
