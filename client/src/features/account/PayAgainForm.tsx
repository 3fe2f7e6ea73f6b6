import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormEvent, useState } from 'react';
import { CardFields, cardFieldOf, CardValues, EMPTY_CARD } from '../../components/CardFields';
import { PaymentMethodPicker } from '../../components/PaymentMethodPicker';
import { usePaymentChoice, usePaymentChoices } from '../../components/payment-choices';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { usePayOrderMutation } from '../../gql/account-hooks';
import { formatINR } from '../../lib/money';
import { CARD_CHECKS } from '../../lib/field-checks';
import { focusFirstError, recheckShownErrors } from '../../lib/form-errors';
import { errorMessage, fieldRefusal } from '../../lib/notify';

/**
 * Another attempt to pay an order placed and not paid: UPI or card (cash on delivery is chosen
 * at checkout), on the same order with its stock still held. The server's answer (a UPI link
 * to wait on, or the card's outcome) updates the order its page shows.
 */
export function PayAgainForm({ order }: { order: OrderDetailFieldsFragment }) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: EMPTY_CARD,
    validate: CARD_CHECKS,
    ...recheckShownErrors<CardValues>(),
  });
  // The form element, for moving the focus to its first field in error.
  const [formElement, formRef] = useState<HTMLFormElement | null>(null);
  const { choices } = usePaymentChoices(order.deliveryAddress?.pin ?? null, order.total, true);
  const [method, pick] = usePaymentChoice(choices);
  const [payOrder, { loading, error }] = usePayOrderMutation();
  const card = method === 'CARD';
  const total = formatINR(order.total);

  const pay = async (values: CardValues) => {
    if (!method) return;
    try {
      await payOrder({
        variables: { number: order.number, input: { method, ...(card && { card: values }) } },
      });
    } catch (refusal) {
      // A card's field beside it; anything else below the button, in the server's words.
      const cardField = cardFieldOf(fieldRefusal(refusal).field ?? '');
      if (cardField) form.setFieldError(cardField, fieldRefusal(refusal).message);
      focusFirstError(formElement);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (card) return form.onSubmit(pay, () => focusFirstError(formElement))(event);
    event.preventDefault();
    return pay(form.values);
  };

  return (
    <form onSubmit={submit} aria-label={t`Pay again`} ref={formRef} noValidate>
      <Stack gap="sm">
        <PaymentMethodPicker
          choices={choices}
          value={method}
          onChange={pick}
          legend={t`Choose how to pay this time`}
        />
        {card && <CardFields form={form} />}
        <Button type="submit" loading={loading} disabled={method === null}>
          <Trans>Pay {total}</Trans>
        </Button>
        {error && !cardFieldOf(fieldRefusal(error).field ?? '') && (
          <Text size="sm" c="red.9" role="alert" data-testid="pay-again-error">
            {errorMessage(error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
