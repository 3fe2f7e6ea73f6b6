import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  product,
  productDetails,
  productDetailsMock,
  similarProductsMock,
  variant,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

/** A kurta in three sizes and two colours: Blue dearer, L Blue sold out, S Blue not made. */
const kurta = productDetails(
  product(5, {
    name: 'Cotton Kurta',
    slug: 'cotton-kurta',
    price: 799,
    quantity: 24,
    listedPrice: 799,
    listedMrp: 1299,
    discountPercent: 38,
    pricesVary: true,
    options: [
      { __typename: 'ProductOption', name: 'Size', values: ['S', 'M', 'L'] },
      { __typename: 'ProductOption', name: 'Colour', values: ['White', 'Blue'] },
    ],
  }),
  [
    variant('v1', ['S', 'White'], { price: 799, mrp: 1299, discountPercent: 38, quantity: 8 }),
    variant('v2', ['M', 'White'], { price: 799, mrp: 1299, discountPercent: 38, quantity: 3 }),
    variant('v3', ['M', 'Blue'], { price: 899, mrp: 1299, discountPercent: 30, quantity: 9 }),
    variant('v4', ['L', 'White'], { price: 799, mrp: null, quantity: 4 }),
    variant('v5', ['L', 'Blue'], { price: 899, mrp: 1299, discountPercent: 30, quantity: 0 }),
  ],
);

const mocks = () => [productDetailsMock('cotton-kurta', kurta), similarProductsMock('p5', [])];

function main() {
  return within(screen.getByRole('main'));
}

const group = (name: RegExp) => within(main().getByRole('radiogroup', { name }));
const addButton = () => main().getByRole('button', { name: 'ADD TO CART' });

describe('Variant picker on the product page', () => {
  it('lists from the lowest price until a full choice, and asks for one before the cart', async () => {
    renderWithShop('/product/cotton-kurta', { mocks: mocks() });
    await main().findByRole('radiogroup', { name: 'Size' });
    expect(main().getByTestId('price-tag')).toHaveTextContent('from ₹799.00 MRP ₹1,299.00 38% off');
    expect(
      group(/^Size/)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['S', 'M', 'L']);
    expect(main().getByText('Choose a Size and a Colour')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
  });

  it('follows the choice: price, MRP, discount, SKU and stock, kept in the URL', async () => {
    const { user, router } = renderWithShop('/product/cotton-kurta', { mocks: mocks() });
    await main().findByRole('radiogroup', { name: 'Size' });
    await user.click(group(/^Size/).getByRole('radio', { name: 'M' }));
    await user.click(group(/^Colour/).getByRole('radio', { name: 'Blue' }));
    expect(main().getByRole('radiogroup', { name: 'Colour: Blue' })).toBeInTheDocument();
    expect(main().getByTestId('price-tag')).toHaveTextContent('₹899.00 MRP ₹1,299.00 30% off');
    expect(main().getByText('SKU : SKU-M-BLUE')).toBeInTheDocument();
    expect(main().getByTestId('stock-message')).toHaveTextContent('In stock');
    expect(addButton()).toBeEnabled();
    expect(router.state.location.search).toBe('?size=M&colour=Blue');

    await user.click(group(/^Colour/).getByRole('radio', { name: 'White' }));
    expect(main().getByTestId('stock-message')).toHaveTextContent('Only 3 left');
    expect(main().getByTestId('price-tag')).toHaveTextContent('₹799.00 MRP ₹1,299.00 38% off');
    expect(router.state.location.search).toBe('?size=M&colour=White');
  });

  it('disables a combination out of stock or not made, saying why, and restores a choice from the URL', async () => {
    renderWithShop('/product/cotton-kurta?size=L&colour=White', { mocks: mocks() });
    expect(await main().findByRole('radiogroup', { name: 'Colour: White' })).toBeInTheDocument();
    const sizes = group(/^Size: L/);
    expect(sizes.getByRole('radio', { name: 'L' })).toBeChecked();
    // A price with no MRP shows no discount.
    expect(main().getByTestId('price-tag')).toHaveTextContent(/^₹799\.00$/);
    const blue = group(/^Colour/).getByRole('radio', { name: 'Blue' });
    expect(blue).toBeDisabled();
    expect(blue).toHaveAccessibleDescription('out of stock');
    expect(sizes.getByRole('radio', { name: 'M' })).toBeEnabled();
  });

  it('marks a value no variant has beside the choice as not sold', async () => {
    renderWithShop('/product/cotton-kurta?colour=Blue', { mocks: mocks() });
    await main().findByRole('radiogroup', { name: 'Colour: Blue' });
    const small = group(/^Size/).getByRole('radio', { name: 'S' });
    expect(small).toBeDisabled();
    expect(small).toHaveAccessibleDescription('not sold');
    expect(group(/^Size/).getByRole('radio', { name: 'L' })).toHaveAccessibleDescription(
      'out of stock',
    );
  });

  it('adds the variant chosen: two choices of one product are two entries with their own ids', async () => {
    const { user } = renderWithShop('/product/cotton-kurta?size=M&colour=Blue', {
      mocks: mocks(),
    });
    await user.click(await main().findByRole('button', { name: 'ADD TO CART' }));
    await user.click(group(/^Colour/).getByRole('radio', { name: 'White' }));
    await user.click(addButton());
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as {
      id: string;
      variant: { id: string; sku: string; values: string[]; price: number };
      variants?: unknown;
    }[];
    expect(cart.map((item) => [item.id, item.variant])).toEqual([
      ['p5', { id: 'v3', sku: 'SKU-M-BLUE', values: ['M', 'Blue'], price: 899 }],
      ['p5', { id: 'v2', sku: 'SKU-M-WHITE', values: ['M', 'White'], price: 799 }],
    ]);
    // The cart keeps what its lines show, not every variant of the product.
    expect(cart[0]).not.toHaveProperty('variants');
  });
});
