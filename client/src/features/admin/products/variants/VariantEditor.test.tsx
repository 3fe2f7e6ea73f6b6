import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SetProductVariantsDocument,
  SetProductVariantsMutationVariables,
} from '../../../../gql/graphql';
import {
  graphQLErrorResult,
  mockOf,
  product,
  productDetails,
  ProductDetailsFixture,
  variant,
} from '../../../../test/fixtures';
import { adminProductMock, renderAsAdmin } from '../../../../test/render-admin';

const SLUG = 'cotton-kurta';
const PATH = `/dashboard/admin/product/${SLUG}`;
const kurta = productDetails(product(4, { name: 'Cotton Kurta', slug: SLUG, price: 799 }), [
  variant('v0', [], { sku: 'COTTON-KURTA', price: 799, quantity: 6 }),
]);

type Calls = SetProductVariantsMutationVariables[];

/** setProductVariants answering `answer` to every save, each save's variables kept. */
function saved(calls: Calls, answer: { saved: ProductDetailsFixture } | { refusal: string }) {
  return mockOf(SetProductVariantsDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { setProductVariants: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const editor = () => within(screen.getByRole('region', { name: 'Options and variants' }));

type User = ReturnType<typeof renderAsAdmin>['user'];

/** Names option `n` and types its values, each ended by Enter. */
async function option(user: User, n: number, name: string, values: string[]) {
  await user.type(editor().getByRole('textbox', { name: `Option ${n} name` }), name);
  const input = editor().getByLabelText(`Option ${n} values`, { selector: '[aria-haspopup]' });
  for (const value of values) await user.type(input, `${value}{Enter}`);
}

describe('Variant editor', () => {
  it('generates the combinations of two options, sets a column at once and saves the grid', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminProductMock(SLUG, kurta), saved(calls, { saved: kurta })],
    });
    await screen.findByRole('region', { name: 'Options and variants' });
    await user.click(editor().getByRole('button', { name: 'Add an option' }));
    await option(user, 1, 'Size', ['M', 'L']);
    await user.click(editor().getByRole('button', { name: 'Add an option' }));
    await option(user, 2, 'Colour', ['White', 'Blue']);
    expect(editor().getByRole('status')).toHaveTextContent('generate the combinations again');
    expect(editor().getByRole('button', { name: 'SAVE VARIANTS' })).toBeDisabled();
    await user.click(editor().getByRole('button', { name: 'Generate combinations' }));

    const rows = editor()
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['M / White', 'M / Blue', 'L / White', 'L / Blue']);
    expect(editor().getByRole('textbox', { name: 'SKU of L / Blue' })).toHaveValue(
      'COTTON-KURTA-L-BLUE',
    );
    // New rows start at the price the product had, with no stock.
    expect(editor().getByRole('textbox', { name: 'Price of M / Blue' })).toHaveValue('799');
    expect(editor().getByRole('textbox', { name: 'Stock of M / Blue' })).toHaveValue('0');

    await user.selectOptions(
      editor().getByRole('combobox', { name: 'Set for every variant' }),
      'mrp',
    );
    await user.type(editor().getByRole('textbox', { name: 'Value' }), '1299');
    await user.click(editor().getByRole('button', { name: 'Set all' }));
    const price = editor().getByRole('textbox', { name: 'Price of L / Blue' });
    await user.clear(price);
    await user.type(price, '899');
    await user.click(editor().getByRole('checkbox', { name: 'M / White on sale' }));
    await user.click(editor().getByRole('button', { name: 'SAVE VARIANTS' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      productId: 'p4',
      input: {
        options: [
          { name: 'Size', values: ['M', 'L'] },
          { name: 'Colour', values: ['White', 'Blue'] },
        ],
        variants: [
          ['M', 'White', 799, false],
          ['M', 'Blue', 799, true],
          ['L', 'White', 799, true],
          ['L', 'Blue', 899, true],
        ].map(([size, colour, price, onSale]) => ({
          sku: `COTTON-KURTA-${size}-${colour}`.toUpperCase(),
          values: [size, colour],
          price,
          mrp: 1299,
          quantity: 0,
          onSale,
        })),
      },
    });
    expect(await screen.findByText('Variants saved')).toBeInTheDocument();
  });

  it("shows the server's refusal on the cell it names, and a refusal naming no cell above the button", async () => {
    const calls: Calls = [];
    const grid = productDetails(
      product(4, {
        name: 'Cotton Kurta',
        slug: SLUG,
        options: [{ __typename: 'ProductOption', name: 'Size', values: ['M', 'L'] }],
      }),
      [
        variant('v1', ['M'], { sku: 'KURTA-M', price: 799, mrp: 999 }),
        variant('v2', ['L'], { sku: 'KURTA-L', price: 899, mrp: 999 }),
      ],
    );
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        adminProductMock(SLUG, grid),
        saved(calls, { refusal: 'variants[1].mrp: MRP must be at least the price' }),
      ],
    });
    const mrp = await screen.findByRole('textbox', { name: 'MRP of L' });
    // A product with options is priced variant by variant, not in the product form.
    expect(screen.queryByRole('textbox', { name: 'Price (₹)' })).toBeNull();
    await user.clear(mrp);
    await user.type(mrp, '850');
    await user.click(editor().getByRole('button', { name: 'SAVE VARIANTS' }));

    await waitFor(() => expect(mrp).toHaveAccessibleDescription('MRP must be at least the price'));
    expect(mrp).toHaveAttribute('aria-invalid', 'true');
    expect(editor().getByRole('textbox', { name: 'MRP of M' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(editor().queryByRole('alert')).toBeNull();
  });

  it('asks for the price and stock of a row left empty before sending anything', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminProductMock(SLUG, kurta), saved(calls, { saved: kurta })],
    });
    const stock = await screen.findByRole('textbox', { name: 'Stock of the product' });
    await user.clear(stock);
    await user.click(editor().getByRole('button', { name: 'SAVE VARIANTS' }));
    expect(await editor().findByText('Enter the stock')).toBeInTheDocument();
    expect(stock).toHaveAccessibleDescription('Enter the stock');
    expect(calls).toHaveLength(0);
  });
});
