import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LoginDocument,
  MergeMyCartDocument,
  MyCartDocument,
  SaveMyCartDocument,
  type MergeMyCartMutationVariables,
  type SaveMyCartMutationVariables,
} from '../gql/graphql';
import { fillIn, renderWithShop } from '../test/render';
import {
  meAlways,
  mockOf,
  product,
  ProductFixture,
  recording,
  SHOPPER,
  storedAuth,
} from '../test/fixtures';

const kettle = product(1, { name: 'Steel Kettle' });
const lamp = product(2, { name: 'Brass Lamp' });

/** The account's cart as the server answers it: each product sold one way, with its one variant. */
function accountCart(
  lines: [ProductFixture, number][],
  { savedAt = '2026-11-20T10:00:00.000Z', notices = [] as string[] } = {},
) {
  return {
    __typename: 'AccountCart' as const,
    lines: lines.map(([card, quantity]) => ({
      __typename: 'CartLine' as const,
      product: card,
      variant: {
        __typename: 'ProductVariant' as const,
        id: `v-${card.id}`,
        sku: `SKU-${card.id}`,
        values: [],
        price: card.price,
      },
      quantity,
    })),
    savedAt,
    notices,
  };
}

const count = () => screen.getByTestId('cart-count');
const storedIds = () =>
  (JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string }[]).map((item) => item.id);

describe('the cart kept on the account', () => {
  it("opening the shop signed in shows the account's cart, from another device", async () => {
    renderWithShop('/about', {
      auth: storedAuth(SHOPPER),
      cart: [lamp],
      mocks: [
        mockOf(MyCartDocument, {
          result: {
            data: {
              myCart: accountCart([
                [kettle, 2],
                [lamp, 1],
              ]),
            },
          },
        }),
      ],
    });
    await waitFor(() => expect(count()).toHaveTextContent('3'));
    expect(storedIds()).toEqual(['p1', 'p1', 'p2']);
  });

  it('gives an account that never kept a cart the one in the browser', async () => {
    const merged: MergeMyCartMutationVariables[] = [];
    renderWithShop('/about', {
      auth: storedAuth(SHOPPER),
      cart: [lamp, lamp],
      mocks: [
        mockOf(MyCartDocument, {
          result: { data: { myCart: accountCart([], { savedAt: null as never }) } },
        }),
        recording(
          MergeMyCartDocument,
          { result: { data: { mergeMyCart: accountCart([[lamp, 2]]) } } },
          merged,
        ),
      ],
    });
    await waitFor(() => expect(merged).toEqual([{ lines: [{ productId: 'p2', quantity: 2 }] }]));
    expect(count()).toHaveTextContent('2');
  });

  it("signing in merges the browser's cart into the account's", async () => {
    const merged: MergeMyCartMutationVariables[] = [];
    const { user } = renderWithShop('/login', {
      cart: [lamp],
      mocks: [
        mockOf(LoginDocument, {
          variables: { input: { email: SHOPPER.email, password: 'secret123' } },
          result: {
            data: { login: { __typename: 'AuthPayload', token: 'jwt-new', user: SHOPPER } },
          },
        }),
        recording(
          MergeMyCartDocument,
          {
            result: {
              data: {
                mergeMyCart: accountCart([
                  [kettle, 1],
                  [lamp, 1],
                ]),
              },
            },
          },
          merged,
        ),
        meAlways(SHOPPER),
      ],
    });
    expect(count()).toHaveTextContent('1');
    await fillIn(user, screen.getByLabelText(/^Email/), SHOPPER.email);
    await fillIn(user, screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(merged).toEqual([{ lines: [{ productId: 'p2', quantity: 1 }] }]);
  });

  it('saves each change, and shows what the server changed (a quantity lowered to the stock)', async () => {
    const saved: SaveMyCartMutationVariables[] = [];
    const lowered = 'Only 2 of Steel Kettle are left, so your cart now holds 2';
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(SHOPPER),
      cart: [kettle, kettle],
      mocks: [
        mockOf(MyCartDocument, { result: { data: { myCart: accountCart([[kettle, 2]]) } } }),
        recording(
          SaveMyCartDocument,
          {
            result: {
              data: { saveMyCart: accountCart([[kettle, 2]], { notices: [lowered] }) },
            },
          },
          saved,
        ),
      ],
    });
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    await user.click(await screen.findByRole('button', { name: 'One more Steel Kettle' }));
    expect(await screen.findByText(lowered)).toBeInTheDocument();
    expect(saved).toEqual([{ lines: [{ productId: 'p1', quantity: 3 }] }]);
    await waitFor(() => expect(count()).toHaveTextContent('2'));
  });

  it("keeps the browser's cart when the server cannot be reached", async () => {
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(SHOPPER),
      cart: [kettle],
      mocks: [
        mockOf(MyCartDocument, { error: new TypeError('Failed to fetch') }),
        mockOf(SaveMyCartDocument, {
          variables: () => true,
          error: new TypeError('Failed to fetch'),
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'One more Steel Kettle' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(count()).toHaveTextContent('2');
    expect(storedIds()).toEqual(['p1', 'p1']);
  });

  it('signing out leaves the cart with the account: the browser forgets it', async () => {
    const { user } = renderWithShop('/about', {
      auth: storedAuth(SHOPPER),
      cart: [kettle],
      mocks: [mockOf(MyCartDocument, { result: { data: { myCart: accountCart([[kettle, 1]]) } } })],
    });
    await user.click(screen.getByRole('button', { name: SHOPPER.name }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(count()).toHaveTextContent('0'));
    expect(storedIds()).toEqual([]);
  });
});
