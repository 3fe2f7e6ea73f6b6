import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '@shop/payment-rules';
import { renderAlone } from '../test/render';
import { PaymentChoice, PaymentMethodPicker } from './PaymentMethodPicker';

const CHOICES: PaymentChoice[] = [
  { method: 'CASH_ON_DELIVERY', available: true, reason: null, fee: 25 },
  { method: 'CARD', available: true, reason: null, fee: 0 },
  { method: 'UPI', available: true, reason: null, fee: 0 },
];

function Picker({
  choices,
  onChange = () => undefined,
}: {
  choices: PaymentChoice[];
  onChange?: (method: PaymentMethod) => void;
}) {
  const [value, setValue] = useState<PaymentMethod | null>('UPI');
  return (
    <PaymentMethodPicker
      choices={choices}
      value={value}
      onChange={(method) => {
        setValue(method);
        onChange(method);
      }}
    />
  );
}

describe('PaymentMethodPicker', () => {
  it('offers UPI first and recommended, then card, then cash on delivery with its fee', () => {
    renderAlone(<Picker choices={CHOICES} />);
    const group = screen.getByRole('radiogroup', { name: 'Choose how to pay' });
    const radios = screen.getAllByRole('radio');
    expect(group).toContainElement(radios[0]);
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'UPI',
      'CARD',
      'CASH_ON_DELIVERY',
    ]);
    expect(radios[0]).toHaveAccessibleName('UPI Recommended');
    expect(radios[0]).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toHaveAccessibleDescription(
      /₹25\.00 fee/,
    );
  });

  it('shows a way not available disabled, with the reason the server gave', () => {
    renderAlone(
      <Picker
        choices={[
          CHOICES[2],
          CHOICES[1],
          { ...CHOICES[0], available: false, reason: 'Not available for PIN 560001' },
        ]}
      />,
    );
    const cash = screen.getByRole('radio', { name: 'Cash on delivery' });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(/Not available for PIN 560001/);
  });

  it('moves the choice with the arrow keys, and says which was chosen', async () => {
    const onChange = vi.fn();
    const { user } = renderAlone(<Picker choices={CHOICES} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'UPI Recommended' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('CARD');
    await user.click(screen.getByRole('radio', { name: 'Cash on delivery' }));
    expect(onChange).toHaveBeenLastCalledWith('CASH_ON_DELIVERY');
  });
});
