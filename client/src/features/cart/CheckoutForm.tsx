import { Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { gstinProblem } from '@shop/gstin';
import { FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CardFields, cardFieldOf, EMPTY_CARD, CardValues } from '../../components/CardFields';
import { PaymentMethodPicker } from '../../components/PaymentMethodPicker';
import { usePaymentChoice, usePaymentChoices } from '../../components/payment-choices';
import { usePlaceOrderMutation } from '../../gql/account-hooks';
import { formatINR } from '../../lib/money';
import { CARD_CHECKS } from '../../lib/field-checks';
import { focusFirstError, recheckShownErrors } from '../../lib/form-errors';
import { errorMessage, fieldRefusal } from '../../lib/notify';
import { isPlaced } from '../../lib/payment-words';
import { orderConfirmedPath, payOrderPath } from '../../lib/routes';
import { useCart } from '../../session/cart';
import { CartLine, checkoutLine } from '../../session/cart-lines';

interface CheckoutFormProps {
  lines: CartLine[];
  /** Rupees, goods and shipping, as the server quoted them; null until it has (or can). */
  total: number | null;
  /** The PIN shipping is charged for; the flat charge without one. */
  deliveryPin: string | null;
  /** The coupon code the quote shown applied; null when none does. */
  couponCode: string | null;
  /** Checkout refused the code (`couponCode: ...`): its words, shown beside the code's field. */
  onCouponRefused(message: string): void;
  address: string;
  /** The saved address chosen to deliver to; the account's `address` when none. */
  addressId: string | null;
  disabled: boolean;
}

/** Whether a refusal of checkout names a field shown beside it (the coupon, GSTIN, the card). */
function isFieldRefusal(error: unknown): boolean {
  const { field } = fieldRefusal(error);
  return field === 'couponCode' || field === 'buyerGstin' || cardFieldOf(field ?? '') !== null;
}

/**
 * What the button says: the total to pay now; cash on delivery's fee is the server's to add,
 * and the confirmation shows what is due at the door.
 */
export function payLabel(total: number | null, cash: boolean): string {
  if (cash) return t`Place order, pay on delivery`;
  if (total === null) return t`Pay`;
  const amount = formatINR(total);
  return t`Pay ${amount}`;
}

/**
 * The checkout: how to pay (UPI first, as the server offers the ways for the order's PIN and
 * total), the card's details when paying by card, and the button that places the order. A
 * card is decided at once; UPI goes on to the page that waits for the UPI app's approval, as
 * does a declined card, to be paid again on the same order.
 */
export function CheckoutForm({
  lines,
  total,
  deliveryPin,
  couponCode,
  onCouponRefused,
  address,
  addressId,
  disabled,
}: CheckoutFormProps) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: EMPTY_CARD,
    validate: CARD_CHECKS,
    ...recheckShownErrors<CardValues>(),
  });
  // The form element, for moving the focus to its first field in error.
  const [formElement, formRef] = useState<HTMLFormElement | null>(null);
  const { choices } = usePaymentChoices(deliveryPin, total);
  const [method, pick] = usePaymentChoice(choices);
  const [placeOrder, { loading, error }] = usePlaceOrderMutation();
  const { setItems } = useCart();
  const navigate = useNavigate();
  // One key per attempt (this cart, way to pay, card and address) until an order comes back:
  // after a timeout or a lost reply the server may have charged already, and paying again
  // with the same key returns that order instead of placing a second one.
  const attempt = useRef<{ key: string; of: string } | null>(null);
  const card = method === 'CARD';
  const cash = method === 'CASH_ON_DELIVERY';
  // A business buyer's GSTIN, for a B2B invoice: checked as typed, and by the server again.
  const [business, setBusiness] = useState(false);
  const [gstin, setGstin] = useState('');
  const [gstinError, setGstinError] = useState<string | null>(null);
  const buyerGstin = business ? gstin.trim().toUpperCase() : '';

  const pay = async (values: CardValues) => {
    if (!method) return;
    const gstinFault = buyerGstin ? gstinProblem(buyerGstin) : null;
    setGstinError(gstinFault);
    if (gstinFault) return focusFirstError(formElement);
    const lineInputs = lines.map(checkoutLine);
    const paidWith = card ? values : null;
    const of = JSON.stringify([
      lineInputs,
      method,
      paidWith,
      address,
      deliveryPin,
      addressId,
      couponCode,
      buyerGstin,
    ]);
    if (attempt.current?.of !== of) attempt.current = { key: crypto.randomUUID(), of };
    try {
      const { data } = await placeOrder({
        variables: {
          input: {
            lines: lineInputs,
            method,
            ...(paidWith && { card: paidWith }),
            address,
            ...(deliveryPin && { deliveryPin }),
            ...(addressId && { addressId }),
            ...(couponCode && { couponCode }),
            ...(buyerGstin && { buyerGstin }),
            idempotencyKey: attempt.current.key,
          },
        },
        refetchQueries: ['MyOrders'],
      });
      // An order came back, placed, waiting or declined: that attempt is over.
      attempt.current = null;
      const placed = data?.placeOrder;
      if (!placed) return;
      if (isPlaced(placed.payment)) {
        setItems([]);
        // The confirmation page says it all: the order's number, what was paid, what is next.
        navigate(orderConfirmedPath(placed.number));
      } else {
        // The cart stays until the order is paid: the pay page empties it then.
        navigate(payOrderPath(placed.number), { state: { fromCheckout: true } });
      }
    } catch (refusal) {
      // Shown below the button, in the server's words (`method: ...`); a refused coupon beside
      // its field, the cart kept as it is.
      const { field, message } = fieldRefusal(refusal);
      if (field === 'couponCode') onCouponRefused(message);
      if (field === 'buyerGstin') setGstinError(message);
      const cardField = field && cardFieldOf(field);
      if (cardField) form.setFieldError(cardField, message);
      focusFirstError(formElement);
    }
  };
  // Made at submit time, as `pay` reads the attempt's ref. Only a card has fields to check.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (card) return form.onSubmit(pay, () => focusFirstError(formElement))(event);
    event.preventDefault();
    return pay(form.values);
  };

  return (
    <form onSubmit={submit} aria-label={t`Checkout`} ref={formRef} noValidate>
      <Stack gap="sm">
        <Title order={4}>
          <Trans>Payment</Trans>
        </Title>
        <PaymentMethodPicker choices={choices} value={method} onChange={pick} />
        {card && <CardFields form={form} />}
        <Checkbox
          label={t`Business purchase: a GST invoice in my company’s GSTIN`}
          checked={business}
          onChange={(event) => setBusiness(event.currentTarget.checked)}
        />
        {business && (
          <TextInput
            label={t`Your GSTIN`}
            description={t`15 characters, as on your GST registration`}
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            value={gstin}
            onChange={(event) => setGstin(event.currentTarget.value)}
            error={gstinError}
          />
        )}
        <Button
          type="submit"
          loading={loading}
          disabled={disabled || total === null || method === null}
        >
          {payLabel(total, cash)}
        </Button>
        {error && !isFieldRefusal(error) && (
          <Text size="sm" c="red.9" role="alert" data-testid="checkout-error">
            {errorMessage(error)}
          </Text>
        )}
        {disabled && (
          <Text size="sm" c="red">
            <Trans>Adjust the quantities above to what is in stock first.</Trans>
          </Text>
        )}
      </Stack>
    </form>
  );
}
