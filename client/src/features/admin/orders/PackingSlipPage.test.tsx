import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PackingSlipDocument } from '../../../gql/graphql';
import type { PackingSlipQuery } from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf, product } from '../../../test/fixtures';
import { adminOrder, delivery, orderLine } from '../../../test/order-fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { ORDERS } from '../messages';

type SlipFixture = Answer<NonNullable<PackingSlipQuery['order']>>;

const kurta = product(1, { name: 'Cotton Kurta' });
const kettle = product(2, { name: 'Steel Kettle' });

/** An order of a kurta in a size and colour and a kettle sold one way, with its address copied. */
function slip(overrides: Partial<SlipFixture> = {}): SlipFixture {
  const base = adminOrder(7, { deliveryAddress: delivery() });
  return {
    ...base,
    lines: [
      {
        ...orderLine(kurta, 2),
        sku: 'KURTA-M-INDIGO',
        choices: [
          { __typename: 'OrderLineChoice', name: 'Size', value: 'M' },
          { __typename: 'OrderLineChoice', name: 'Colour', value: 'Indigo' },
        ],
      },
      { ...orderLine(kettle, 1), sku: null, choices: [] },
    ],
    ...overrides,
  };
}

const PATH = '/dashboard/admin/orders/BZ-000007/packing-slip';

function slipMock(answer: SlipFixture | string) {
  return mockOf(PackingSlipDocument, {
    variables: { number: 'BZ-000007' },
    result: typeof answer === 'string' ? graphQLErrorResult(answer) : { data: { order: answer } },
  });
}

describe('Packing slip', () => {
  it('lists each line with its SKU, options and quantity, and where it goes', async () => {
    renderAsAdmin(PATH, { mocks: [slipMock(slip())] });
    const page = within(await screen.findByTestId('packing-slip'));
    expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Packing slip');
    expect(page.getByTestId('slip-order')).toHaveTextContent('BZ-000007');
    const rows = page
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Cotton KurtaKURTA-M-INDIGOSize: M, Colour: Indigo2', 'Steel Kettle——1']);
    expect(page.getByText('In the parcel (3 items)')).toBeInTheDocument();
    const to = within(page.getByTestId('delivery-address'));
    expect(to.getByText('Asha Menon')).toBeInTheDocument();
    expect(to.getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(to.getByText('Mobile: +91 98450 12345')).toBeInTheDocument();
    // A page of its own: no header or footer of the shop to print.
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('prints with the browser’s print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderAsAdmin(PATH, { mocks: [slipMock(slip())] });
    await screen.findByTestId('packing-slip');
    await user.click(screen.getByRole('button', { name: ORDERS.print }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('shows an order placed with a text address as it was given', async () => {
    const legacy = slip({ deliveryAddress: null, address: '7 Park Street, Kolkata 700016' });
    renderAsAdmin(PATH, { mocks: [slipMock(legacy)] });
    const to = within(await screen.findByTestId('delivery-address'));
    expect(to.getByText('7 Park Street, Kolkata 700016')).toBeInTheDocument();
    expect(to.getByText(ORDERS.asGiven)).toBeInTheDocument();
  });

  it('says so when the order cannot be had', async () => {
    renderAsAdmin(PATH, { mocks: [slipMock('Order not found')] });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ORDERS.print })).toBeDisabled();
  });
});
