import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddAddressMutationVariables, CheckoutInput } from '../../gql/graphql';
import {
  addAddressMock,
  HOME,
  myAddressesMock,
  PARENTS,
  pinPlace,
  pinPlaceMock,
} from '../../test/address-fixtures';
import { Mock, product, SHOPPER, storedAuth } from '../../test/fixtures';
import type { CartQuoteQueryVariables } from '../../gql/graphql';
import {
  cartQuoteMock,
  cartStockMock,
  myOrdersMock,
  order,
  orderByNumberMock,
  orderDetail,
  orderLine,
  placeOrderMock,
  stock,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { meAlways } from '../../test/fixtures';

const kettle = product(1, { name: 'Steel Kettle', price: 1250 });
const STOCK = cartStockMock([stock(kettle)]);
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' };
const placed = order(100, { createdAt: new Date().toISOString(), lines: [orderLine(kettle, 1)] });
const CONFIRMED = orderByNumberMock(
  placed.number,
  orderDetail(100, { createdAt: placed.createdAt, lines: placed.lines }),
);

function main() {
  return within(screen.getByRole('main'));
}

/** The quotes the cart asked for, as the server was asked them. */
let quoted: CartQuoteQueryVariables[] = [];

function renderCart(mocks: Mock[]) {
  quoted = [];
  const quote = cartQuoteMock([stock(kettle)], { calls: quoted });
  return renderWithShop('/cart', {
    auth: storedAuth(),
    cart: [kettle],
    mocks: [STOCK, quote, CONFIRMED, meAlways(SHOPPER), myOrdersMock([placed]), ...mocks],
  });
}

type User = ReturnType<typeof renderCart>['user'];

async function pay(user: User) {
  await user.click(main().getByRole('radio', { name: /^Card/ }));
  await user.type(main().getByLabelText(/^Card number/), CARD.number);
  await user.type(main().getByLabelText(/^Expiry/), CARD.expiry);
  await user.type(main().getByLabelText(/^CVV/), CARD.cvv);
  await user.click(await main().findByRole('button', { name: 'Pay ₹1,250.00' }));
  await main().findByTestId('confirmed-number');
}

const choice = (name: RegExp) => main().getByRole('radio', { name });

describe('Checkout: the delivery address', () => {
  it('offers the saved addresses with the default chosen, and sends its id', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      myAddressesMock([HOME, PARENTS]),
      placeOrderMock({ success: true, order: placed }, calls),
    ]);
    const group = await main().findByRole('radiogroup', { name: 'Delivery address' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(choice(/Asha Rao/)).toBeChecked();
    expect(choice(/Ravi Rao/)).not.toBeChecked();
    expect(within(group).getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(within(group).getByText('Mobile: +91 98450 12345')).toBeInTheDocument();
    // The quote is for the chosen address's PIN: checkout charges shipping for it.
    await waitFor(() => expect(quoted.at(-1)?.pin).toBe(HOME.pin));
    await pay(user);
    expect(calls[0].input.addressId).toBe(HOME.id);
  });

  it('sends the address the shopper picks instead', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      myAddressesMock([HOME, PARENTS]),
      placeOrderMock({ success: true, order: placed }, calls),
    ]);
    await main().findByRole('radiogroup', { name: 'Delivery address' });
    await user.click(choice(/Ravi Rao/));
    expect(choice(/Ravi Rao/)).toBeChecked();
    await waitFor(() => expect(quoted.at(-1)?.pin).toBe(PARENTS.pin));
    await pay(user);
    expect(calls[0].input.addressId).toBe(PARENTS.id);
  });

  it('adds an address inline, its PIN filling the city and state, and delivers there', async () => {
    const added = { ...PARENTS, id: 'a3', name: 'Meera Iyer' };
    const adds: AddAddressMutationVariables[] = [];
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      // The book as the server has it: the new address once added.
      myAddressesMock(() => (adds.length > 0 ? [HOME, added] : [HOME])),
      pinPlaceMock('400020', pinPlace('400020', 'Mumbai', '27', 'Maharashtra')),
      addAddressMock({ added }, adds),
      placeOrderMock({ success: true, order: placed }, calls),
    ]);
    await main().findByRole('radiogroup', { name: 'Delivery address' });
    await user.click(main().getByRole('button', { name: 'Add a new address' }));
    const form = within(main().getByRole('form', { name: 'New delivery address' }));
    await user.type(form.getByLabelText(/^PIN code/), '400020');
    await waitFor(() => expect(form.getByLabelText(/^Town or city/)).toHaveValue('Mumbai'));
    await user.type(form.getByLabelText(/^Full name/), 'Meera Iyer');
    await user.type(form.getByLabelText(/^Mobile number/), '98200 12345');
    await user.type(form.getByLabelText(/^House, building, street/), '42 Marine Drive');
    await user.click(form.getByRole('button', { name: 'Save and deliver here' }));

    await waitFor(() => expect(choice(/Meera Iyer/)).toBeChecked());
    expect(adds[0].input).toMatchObject({ pin: '400020', city: 'Mumbai', stateCode: '27' });
    await pay(user);
    expect(calls[0].input.addressId).toBe('a3');
  });

  it('delivers to the account’s address, as before, while the book is empty', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      myAddressesMock([]),
      placeOrderMock({ success: true, order: placed }, calls),
    ]);
    expect(await main().findByText(SHOPPER.address)).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Add an address with PIN code' })).toBeEnabled();
    expect(main().queryByRole('radiogroup', { name: 'Delivery address' })).toBeNull();
    await pay(user);
    expect(calls[0].input).not.toHaveProperty('addressId');
    expect(calls[0].input.address).toBe(SHOPPER.address);
  });
});
