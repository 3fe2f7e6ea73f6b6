import { Badge, Paper, Radio, Stack, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, PaymentMethod } from '@shop/payment-rules';
import { PAYMENT_METHOD_NAMES } from '../lib/payment-words';
import { t } from '@lingui/core/macro';
import { inShopWords } from '../lib/i18n';
import { formatINR } from '../lib/money';

/**
 * What the picker says, written once for the component and its tests: each worked out when
 * read, in the language the storefront speaks then.
 */
export const PAYMENT_PICKER = {
  get legend() {
    return t`Choose how to pay`;
  },
  get recommended() {
    return t`Recommended`;
  },
  get about(): Record<PaymentMethod, string> {
    return {
      UPI: t`Any UPI app: scan a QR code, or open the app on this phone`,
      CARD: t`Debit or credit card`,
      CASH_ON_DELIVERY: t`Pay in cash when the parcel arrives`,
    };
  },
  fee: (amount: number) => {
    const fee = formatINR(amount);
    return t`${fee} fee`;
  },
};

/** A way to pay as the server offers it (paymentOptions): fee in rupees. */
export interface PaymentChoice {
  method: PaymentMethod;
  available: boolean;
  /** Why it is not available, in the server's words. */
  reason?: string | null;
  fee: number;
}

export interface PaymentMethodPickerProps {
  choices: readonly PaymentChoice[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  /** The group's name, if not "Choose how to pay". */
  legend?: string;
}

const ORDER = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[];

/**
 * The ways to pay as radio cards, UPI first and recommended; one not available is shown
 * disabled with the server's reason ("Not available for PIN 560001"), a fee beside its way.
 * Native radio buttons: Tab reaches the group, the arrow keys move the choice.
 */
export function PaymentMethodPicker({
  choices,
  value,
  onChange,
  legend,
}: PaymentMethodPickerProps) {
  const sorted = [...choices].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  return (
    <Radio.Group
      label={legend ?? PAYMENT_PICKER.legend}
      value={value}
      onChange={(method) => onChange(method as PaymentMethod)}
    >
      <Stack gap="xs" mt="xs">
        {sorted.map((choice) => {
          const why = choice.available || !choice.reason ? null : inShopWords(choice.reason);
          const notes = [
            PAYMENT_PICKER.about[choice.method],
            choice.fee > 0 ? PAYMENT_PICKER.fee(choice.fee) : null,
            why,
          ].filter((note): note is string => Boolean(note));
          return (
            <Paper
              key={choice.method}
              withBorder
              p="sm"
              radius="md"
              bg={value === choice.method ? 'var(--mantine-primary-color-light)' : undefined}
              opacity={choice.available ? 1 : 0.75}
            >
              <Radio
                value={choice.method}
                disabled={!choice.available}
                label={
                  <>
                    {PAYMENT_METHOD_NAMES[choice.method]}
                    {choice.method === 'UPI' && (
                      <>
                        {' '}
                        {/* Filled: "light" with a chosen shade paints text and ground alike. */}
                        <Badge component="span" size="sm" variant="filled" color="green.9" ml={4}>
                          {PAYMENT_PICKER.recommended}
                        </Badge>
                      </>
                    )}
                  </>
                }
                description={
                  <Stack gap={0} component="span">
                    {notes.map((note) => (
                      <Text
                        component="span"
                        size="sm"
                        key={note}
                        // Full-strength text, not the description's dimmed grey, which
                        // is too faint on the chosen card's tinted background.
                        c={note === why ? 'red.9' : 'var(--mantine-color-text)'}
                      >
                        {note}
                      </Text>
                    ))}
                  </Stack>
                }
              />
            </Paper>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
