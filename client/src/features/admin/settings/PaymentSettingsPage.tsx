import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PAYMENT_METHOD_LABELS, PAYMENT_RULES } from '@shop/payment-rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { PaymentSettingsFieldsFragment } from '../../../gql/graphql';
import {
  usePaymentSettingsQuery,
  useUpdatePaymentSettingsMutation,
} from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { formOf, inputOf, PaymentFormValues, PAYMENTS, refusedAt } from './payment-form';

const amount = {
  min: 0,
  decimalScale: 2,
  allowNegative: false,
  prefix: '₹',
  thousandSeparator: ',',
};
const whole = { allowDecimal: false, allowNegative: false };

/**
 * The shop's payment settings, all on one form: the UPI ID and name payments by UPI go to,
 * the minutes a payment may take, which ways to pay are offered, and cash on delivery's
 * fee, largest order, PINs and limit of undelivered orders. The server checks every field
 * and names the one it refuses, which is shown beside that field.
 */
function PaymentSettingsForm({ settings }: { settings: PaymentSettingsFieldsFragment }) {
  const form = useForm<PaymentFormValues>({ initialValues: formOf(settings) });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { loading }] = useUpdatePaymentSettingsMutation();

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { input: inputOf(values) } });
      if (!data) return;
      const saved = formOf(data.updatePaymentSettings);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(PAYMENTS.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      const at = refusedAt(field, message, values);
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  const methodsError = form.errors.methods;
  return (
    <form onSubmit={submit} aria-label={PAYMENTS.title} noValidate>
      <Stack gap="lg">
        <Fieldset legend="UPI">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="UPI ID"
              description="Where payments by UPI go, such as shop@okaxis"
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('upiVpa')}
            />
            <TextInput
              label="Payee name"
              description="The name UPI apps show the payer"
              maxLength={PAYMENTS.payeeNameMax}
              {...form.getInputProps('upiPayeeName')}
            />
            <NumberInput
              label="Minutes to pay"
              description={`How long an unpaid order holds its stock and a UPI payment may be completed (${PAYMENT_RULES.expiryMinutes.min} to ${PAYMENT_RULES.expiryMinutes.max})`}
              min={PAYMENT_RULES.expiryMinutes.min}
              max={PAYMENT_RULES.expiryMinutes.max}
              {...whole}
              {...form.getInputProps('paymentExpiryMinutes')}
            />
          </SimpleGrid>
        </Fieldset>

        <Checkbox.Group
          label="Ways to pay offered"
          description="At least one; UPI needs its UPI ID and payee name"
          value={Object.entries(form.values.methods)
            .filter(([, on]) => on)
            .map(([method]) => method)}
          onChange={(on) =>
            form.setFieldValue('methods', {
              upi: on.includes('upi'),
              card: on.includes('card'),
              cashOnDelivery: on.includes('cashOnDelivery'),
            })
          }
          error={methodsError}
        >
          <Group mt="xs">
            <Checkbox value="upi" label={PAYMENT_METHOD_LABELS.UPI} />
            <Checkbox value="card" label={PAYMENT_METHOD_LABELS.CARD} />
            <Checkbox value="cashOnDelivery" label={PAYMENT_METHOD_LABELS.CASH_ON_DELIVERY} />
          </Group>
        </Checkbox.Group>

        <Fieldset legend="Cash on delivery">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label="Cash on delivery fee"
                description="Added to an order paid on delivery"
                {...amount}
                {...form.getInputProps('codFee')}
              />
              <NumberInput
                label="Cash on delivery up to"
                description="The largest order paid in cash; empty: any"
                {...amount}
                {...form.getInputProps('codUpTo')}
              />
              <NumberInput
                label="Undelivered cash orders allowed"
                description="A shopper with this many is refused another (1 to 10)"
                min={PAYMENT_RULES.codMaxUndeliveredOrders.min}
                max={PAYMENT_RULES.codMaxUndeliveredOrders.max}
                {...whole}
                {...form.getInputProps('codMaxUndeliveredOrders')}
              />
            </SimpleGrid>
            <TagsInput
              label="PIN codes without cash on delivery"
              description="A PIN code, or its first 2 to 5 digits for an area (56: most of Karnataka); Enter after each"
              clearable
              {...form.getInputProps('codUnservedPins')}
            />
          </Stack>
        </Fieldset>

        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={loading}>
            {PAYMENTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function PaymentSettingsPage() {
  // Never from the cache: another admin (or instance) may have changed them.
  const query = usePaymentSettingsQuery({ fetchPolicy: 'network-only' });
  const settings = query.data?.paymentSettings;
  return (
    <Page title={PAYMENTS.title}>
      <Title order={2} mb="md">
        {PAYMENTS.title}
      </Title>
      <LoadStatus of={query} failure={PAYMENTS.failure} />
      {settings && <PaymentSettingsForm settings={settings} />}
    </Page>
  );
}
