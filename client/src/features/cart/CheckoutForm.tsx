import { Alert, Button, Group, Stack, Text, TextInput, TextInputProps, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormEvent, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCart } from '../../session/cart';
import { usePlaceOrderMutation } from '../../gql/hooks';
import { formatINR } from '../../lib/money';
import { errorMessage, notifyError } from '../../lib/notify';
import { orderConfirmedPath } from '../../lib/routes';
import { CartLine, checkoutLine } from './cart-lines';

/** The demo processor's test cards, as documented in the README. */
const TEST_CARDS = 'Approved: 4242 4242 4242 4242. Declined: 4000 0000 0000 0002.';

const EMPTY_CARD = { number: '', expiry: '', cvv: '' };

/** Each card field's label and hint, and what the browser may fill it with. */
const CARD_FIELDS: Record<keyof typeof EMPTY_CARD, TextInputProps> = {
  number: {
    label: 'Card number',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  expiry: { label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/30' },
  cvv: { label: 'CVV', inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' },
};

interface CheckoutFormProps {
  lines: CartLine[];
  /** Rupees, goods and shipping, as the server quoted them; null until it has (or can). */
  total: number | null;
  /** The PIN shipping is charged for; the flat charge without one. */
  deliveryPin: string | null;
  address: string;
  /** The saved address chosen to deliver to; the account's `address` when none. */
  addressId: string | null;
  disabled: boolean;
}

export function CheckoutForm({
  lines,
  total,
  deliveryPin,
  address,
  addressId,
  disabled,
}: CheckoutFormProps) {
  const form = useForm({ initialValues: EMPTY_CARD });
  const [placeOrder, { loading }] = usePlaceOrderMutation();
  const { setItems } = useCart();
  const navigate = useNavigate();
  // One key per attempt (this cart, card and address) until an order comes back: after a
  // timeout or a lost reply the server may have charged already, and paying again with the
  // same key returns that order instead of placing a second one.
  const attempt = useRef<{ key: string; of: string } | null>(null);

  const pay = async (card: typeof form.values) => {
    const lineInputs = lines.map(checkoutLine);
    const of = JSON.stringify([lineInputs, card, address, deliveryPin, addressId]);
    if (attempt.current?.of !== of) attempt.current = { key: crypto.randomUUID(), of };
    try {
      const { data } = await placeOrder({
        variables: {
          input: {
            lines: lineInputs,
            card,
            address,
            ...(deliveryPin && { deliveryPin }),
            ...(addressId && { addressId }),
            idempotencyKey: attempt.current.key,
          },
        },
        refetchQueries: ['MyOrders'],
      });
      // An order came back, paid or declined: that attempt is over.
      attempt.current = null;
      if (data?.placeOrder.payment.success) {
        setItems([]);
        // The confirmation page says it all: the order's number, what was paid, what is next.
        navigate(orderConfirmedPath(data.placeOrder.number));
      } else {
        notifyError(data?.placeOrder.payment.message ?? 'Payment failed');
      }
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  // Made at submit time, as `pay` reads the attempt's ref.
  const submit = (event: FormEvent<HTMLFormElement>) => form.onSubmit(pay)(event);

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Title order={4}>Payment</Title>
        <Alert color="yellow" variant="light" title="Demo payment, no real money">
          {TEST_CARDS} Any future expiry and any 3-digit CVV.
        </Alert>
        <TextInput required {...CARD_FIELDS.number} {...form.getInputProps('number')} />
        <Group grow>
          <TextInput required {...CARD_FIELDS.expiry} {...form.getInputProps('expiry')} />
          <TextInput required {...CARD_FIELDS.cvv} {...form.getInputProps('cvv')} />
        </Group>
        <Button type="submit" loading={loading} disabled={disabled || total === null}>
          {total === null ? 'Pay' : `Pay ${formatINR(total)}`}
        </Button>
        {disabled && (
          <Text size="sm" c="red">
            Adjust the quantities above to what is in stock first.
          </Text>
        )}
      </Stack>
    </form>
  );
}
