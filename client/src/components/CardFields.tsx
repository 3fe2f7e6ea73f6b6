import { Alert, Group, TextInput, TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** The demo gateway's test cards, as documented in the README. */
export const TEST_CARDS = 'Approved: 4242 4242 4242 4242. Declined: 4000 0000 0000 0002.';

export const EMPTY_CARD = { number: '', expiry: '', cvv: '' };
export type CardValues = typeof EMPTY_CARD;

/** Each card field's label and hint, and what the browser may fill it with. */
const CARD_FIELDS: Record<keyof CardValues, TextInputProps> = {
  number: {
    label: 'Card number',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  expiry: { label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/30' },
  cvv: { label: 'CVV', inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' },
};

/**
 * A card's number, expiry and CVV, in a form that holds them (checkout, or paying an order
 * again), with the demo's test cards above them.
 */
export function CardFields<Values extends CardValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <>
      <Alert color="yellow" variant="light" title="Demo payment, no real money">
        {TEST_CARDS} Any future expiry and any 3-digit CVV.
      </Alert>
      <TextInput required {...CARD_FIELDS.number} {...form.getInputProps('number')} />
      <Group grow>
        <TextInput required {...CARD_FIELDS.expiry} {...form.getInputProps('expiry')} />
        <TextInput required {...CARD_FIELDS.cvv} {...form.getInputProps('cvv')} />
      </Group>
    </>
  );
}
