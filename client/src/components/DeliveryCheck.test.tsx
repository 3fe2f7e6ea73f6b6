import { screen, waitFor, within } from '@testing-library/react';
import { PIN_FORMAT } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { deliveryAnswer, deliveryCheckMock } from '../test/delivery-fixtures';
import { Mock } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import { DeliveryCheck } from './DeliveryCheck';

const PATNA = deliveryAnswer();
const PORT_BLAIR = deliveryAnswer({
  pin: '744101',
  deliverable: false,
  zone: 'NORTH_EAST_AND_ISLANDS',
  earliest: null,
  latest: null,
  cashOnDelivery: false,
  message: 'Sorry, we do not deliver to 744101 (South Andamans, Andaman and Nicobar Islands) yet',
});

function renderCheck(mocks: Mock[], remembered?: string) {
  if (remembered) localStorage.setItem('deliveryPin', JSON.stringify(remembered));
  return renderWithShop(<DeliveryCheck />, { mocks });
}

const form = () => within(screen.getByRole('form', { name: 'Check delivery' }));
const pinField = () => form().getByRole('textbox', { name: 'Delivery PIN code' });
const remembered = () => JSON.parse(localStorage.getItem('deliveryPin') ?? 'null') as unknown;

describe('Check delivery', () => {
  it("answers in the server's words, with what shipping costs, and remembers the PIN", async () => {
    const calls: string[] = [];
    const { user } = renderCheck([deliveryCheckMock('800001', PATNA, calls)]);
    await user.type(pinField(), '800001');
    await user.click(form().getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByTestId('delivery-answer')).toHaveTextContent(
      'Delivery by Tue 8 Dec – Fri 11 Dec to Patna, Bihar · Cash on delivery available',
    );
    expect(
      screen.getByText('Delivery ₹49.00, free on orders of ₹499.00 or more'),
    ).toBeInTheDocument();
    expect(calls).toEqual(['800001']);
    await waitFor(() => expect(remembered()).toBe('800001'));
  });

  it('offers the numeric keypad, and takes digits only', async () => {
    const { user } = renderCheck([]);
    expect(pinField()).toHaveAttribute('inputmode', 'numeric');
    expect(pinField()).toHaveAttribute('autocomplete', 'postal-code');
    await user.type(pinField(), '80a0-0 01');
    expect(pinField()).toHaveValue('800001');
  });

  it('fills in the PIN remembered and checks it at once', async () => {
    const calls: string[] = [];
    renderCheck([deliveryCheckMock('800001', PATNA, calls)], '800001');
    expect(pinField()).toHaveValue('800001');
    expect(await screen.findByTestId('delivery-answer')).toHaveTextContent('to Patna, Bihar');
    expect(calls).toEqual(['800001']);
  });

  it('says beside the field what is wrong with a short PIN, asking the server nothing', async () => {
    const calls: string[] = [];
    const { user } = renderCheck([deliveryCheckMock('80000', PATNA, calls)]);
    await user.type(pinField(), '80000{Enter}');
    expect(await form().findByText(PIN_FORMAT)).toBeInTheDocument();
    expect(pinField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('delivery-answer')).toBeNull();
  });

  it("shows the server's refusal beside the field, keeping the PIN remembered before", async () => {
    const { user } = renderCheck(
      [
        deliveryCheckMock('800001', PATNA),
        deliveryCheckMock('999999', {
          refusal: 'pin: This PIN code is not in India Post’s directory: please check it',
        }),
      ],
      '800001',
    );
    await screen.findByTestId('delivery-answer');
    await user.clear(pinField());
    await user.type(pinField(), '999999{Enter}');
    expect(
      await form().findByText('This PIN code is not in India Post’s directory: please check it'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-answer')).toBeNull();
    expect(remembered()).toBe('800001');
  });

  it('says so when the shop does not deliver there, with no dates or charge', async () => {
    const { user } = renderCheck([deliveryCheckMock('744101', PORT_BLAIR)]);
    await user.type(pinField(), '744101{Enter}');
    expect(await screen.findByTestId('delivery-answer')).toHaveTextContent(
      'Sorry, we do not deliver to 744101 (South Andamans, Andaman and Nicobar Islands) yet',
    );
    expect(screen.queryByText(/^Delivery ₹/)).toBeNull();
  });

  it('says delivery is free when the answer charges nothing', async () => {
    const { user } = renderCheck([deliveryCheckMock('800001', deliveryAnswer({ charge: 0 }))]);
    await user.type(pinField(), '800001{Enter}');
    expect(await screen.findByText('Free delivery')).toBeInTheDocument();
  });
});
