import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, TextInput, TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_RULES } from '@shop/form-rules';
import { expiryMonthFault, formatCardNumber, formatExpiry } from '../lib/field-format';
import { inShopWords } from '../lib/i18n';

export const EMPTY_CARD = { number: '', expiry: '', cvv: '' };
export type CardValues = typeof EMPTY_CARD;

/** Each card field's hint, and what the browser may fill it with (its label is given where drawn). */
const CARD_FIELDS: Record<keyof CardValues, TextInputProps> = {
  number: {
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    // 19 digits and the spaces between their groups of four.
    maxLength: CARD_RULES.maxDigits + 4,
  },
  expiry: {
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: '12/30',
    maxLength: 5,
  },
  cvv: {
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    placeholder: '123',
    maxLength: 4,
  },
};

/** The server's name of a card's field (`card.expiry: ...`) as CardFields' form names it. */
export const cardFieldOf = (field: string): keyof CardValues | null =>
  field === 'card.number' || field === 'card.expiry' || field === 'card.cvv'
    ? (field.slice('card.'.length) as keyof CardValues)
    : null;

/**
 * A card's number, expiry and CVV, in a form that holds them (checkout, or paying an order
 * again), with the demo's test cards above them. As typed or pasted, the number shows in groups
 * of four and the expiry as MM/YY ("1230" is 12/30); a month that cannot be one (13) is said at
 * once. The form checks them with CARD_CHECKS (lib/field-checks).
 */
export function CardFields<Values extends CardValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const { t } = useLingui();
  const number = form.getInputProps('number');
  const expiry = form.getInputProps('expiry');
  const cvv = form.getInputProps('cvv');
  return (
    <>
      {/* The demo gateway's test cards, as documented in the README. */}
      <Alert color="yellow" variant="light" title={t`Demo payment, no real money`}>
        <Trans>
          Approved: 4242 4242 4242 4242. Declined: 4000 0000 0000 0002. Any future expiry and any
          3-digit CVV.
        </Trans>
      </Alert>
      <TextInput
        required
        label={t`Card number`}
        {...CARD_FIELDS.number}
        {...number}
        onChange={(event) => number.onChange(formatCardNumber(event.currentTarget.value))}
      />
      <Group grow align="flex-start">
        <TextInput
          required
          label={t`Expiry (MM/YY)`}
          {...CARD_FIELDS.expiry}
          {...expiry}
          onChange={(event) => {
            const shown = formatExpiry(event.currentTarget.value);
            expiry.onChange(shown);
            const fault = expiryMonthFault(shown);
            if (fault) form.setFieldError('expiry', inShopWords(fault));
          }}
        />
        <TextInput
          required
          label={t`CVV`}
          {...CARD_FIELDS.cvv}
          {...cvv}
          onChange={(event) => cvv.onChange(event.currentTarget.value.replace(/\D/g, ''))}
        />
      </Group>
    </>
  );
}
