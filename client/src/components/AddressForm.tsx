import { useApolloClient } from '@apollo/client/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INDIAN_STATES, PIN_CODE_PATTERN } from '@shop/indian-states';
import {
  ADDRESS_RULES,
  ADDRESS_TEXT_LIMITS,
  addressFaultOf,
  normaliseMobile,
  TEXT_LIMITS,
} from '@shop/rules';
import { useState } from 'react';
import { AddressPinPlaceDocument } from '../gql/graphql';
import type { AddressInput } from '../gql/graphql';
import { COUNTRY_CODE, formatMobile } from '../lib/field-format';
import { focusFirstError, recheckShownErrors } from '../lib/form-errors';
import { inShopWords } from '../lib/i18n';
import { errorMessage } from '../lib/notify';
import { FormRefusal } from './FormRefusal';

export interface AddressValues {
  name: string;
  mobile: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  stateCode: string;
  pin: string;
  makeDefault: boolean;
}

const EMPTY: AddressValues = {
  name: '',
  mobile: '',
  line1: '',
  line2: '',
  landmark: '',
  city: '',
  stateCode: '',
  pin: '',
  makeDefault: false,
};

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));

/** Something besides spaces, or `message` in the storefront's language. */
const required = (message: string) => (value: string) =>
  value.trim() ? null : inShopWords(message);

interface AddressFormProps {
  /** The address being edited; an empty form otherwise. */
  initial?: Partial<AddressValues>;
  submitLabel: string;
  /** Saves the address; a refusal it throws is shown beside the field it names. */
  onSave: (input: AddressInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Offers "Make this my default address" (not for the default itself). */
  offerDefault?: boolean;
  /** Names the form for screen readers. */
  label: string;
}

/**
 * An Indian address: a valid PIN fills the city and the state (from India Post's directory,
 * GraphQL `pinCode`); every field is checked as the server checks it, and a refusal of the
 * server is shown beside the field it names.
 */
export function AddressForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
  offerDefault = false,
  label,
}: AddressFormProps) {
  const { t } = useLingui();
  const apollo = useApolloClient();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The form element, for moving the focus to its first field in error.
  const [formElement, formRef] = useState<HTMLFormElement | null>(null);
  /** A PIN India Post was asked about and does not have. */
  const [unknownPin, setUnknownPin] = useState<string | null>(null);
  const form = useForm<AddressValues>({
    initialValues: { ...EMPTY, ...initial, mobile: formatMobile(initial?.mobile ?? '') },
    validateInputOnBlur: true,
    ...recheckShownErrors<AddressValues>(),
    validate: {
      name: required(ADDRESS_RULES.required.name),
      mobile: (value) =>
        !value.trim()
          ? inShopWords(ADDRESS_RULES.required.mobile)
          : normaliseMobile(value)
            ? null
            : inShopWords(ADDRESS_RULES.mobile),
      line1: required(ADDRESS_RULES.required.line1),
      city: required(ADDRESS_RULES.required.city),
      stateCode: required(ADDRESS_RULES.required.stateCode),
      pin: (value) => {
        const pin = value.replace(/\s/g, '');
        if (!pin) return inShopWords(ADDRESS_RULES.required.pin);
        if (!PIN_CODE_PATTERN.test(pin)) return inShopWords(ADDRESS_RULES.pinFormat);
        return pin === unknownPin ? inShopWords(ADDRESS_RULES.pinNotKnown) : null;
      },
    },
  });

  /** A PIN of six digits fills the city and state of where it is, as soon as it is typed. */
  async function lookUp(typed: string) {
    const pin = typed.replace(/\s/g, '');
    if (!PIN_CODE_PATTERN.test(pin)) return;
    try {
      const { data } = await apollo.query({ query: AddressPinPlaceDocument, variables: { pin } });
      // Another PIN typed meanwhile: its own answer decides.
      if (form.getValues().pin.replace(/\s/g, '') !== pin) return;
      const place = data?.pinCode;
      if (!place) {
        setUnknownPin(pin);
        form.setFieldError('pin', inShopWords(ADDRESS_RULES.pinNotKnown));
        return;
      }
      form.setValues({ city: place.city, stateCode: place.state.code });
      form.clearFieldError('pin');
      form.clearFieldError('city');
      form.clearFieldError('stateCode');
    } catch {
      // Not found out: the shopper fills the city and state, and the server checks the PIN.
    }
  }

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      setSaving(true);
      // Only the fields of an address: values given from an answer carry others (__typename).
      const { name, mobile, line1, line2, landmark, city, stateCode, pin, makeDefault } = values;
      // The mobile as the server keeps it, its 10 digits (the field shows them after the +91).
      const input = {
        ...{ name, mobile: normaliseMobile(mobile) ?? mobile, line1, line2, landmark },
        ...{ city, stateCode, pin },
      };
      try {
        await onSave({ ...input, makeDefault: offerDefault ? makeDefault : null });
      } catch (error) {
        const message = errorMessage(error);
        const fault = addressFaultOf(message);
        if (fault) form.setFieldError(fault.field, fault.words);
        else setFailure(message);
        focusFirstError(formElement);
      } finally {
        setSaving(false);
      }
    },
    () => focusFirstError(formElement),
  );

  const pinInput = form.getInputProps('pin');
  const mobileInput = form.getInputProps('mobile');
  return (
    <form onSubmit={submit} aria-label={label} noValidate ref={formRef}>
      <Stack gap="sm">
        <TextInput
          label={t`PIN code`}
          description={t`Fills the city and state`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          required
          {...pinInput}
          onChange={(event) => {
            pinInput.onChange(event);
            void lookUp(event.currentTarget.value);
          }}
        />
        <TextInput
          label={t`Full name`}
          autoComplete="name"
          maxLength={ADDRESS_TEXT_LIMITS.name}
          required
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t`Mobile number`}
          description={t`10 digits; we call it on delivery`}
          type="tel"
          autoComplete="tel-national"
          placeholder="98450 12345"
          leftSection={COUNTRY_CODE}
          maxLength={TEXT_LIMITS.phone}
          required
          {...mobileInput}
          onChange={(event) => mobileInput.onChange(formatMobile(event.currentTarget.value))}
        />
        <TextInput
          label={t`House, building, street`}
          autoComplete="address-line1"
          maxLength={ADDRESS_TEXT_LIMITS.line1}
          required
          {...form.getInputProps('line1')}
        />
        <TextInput
          label={t`Area, locality`}
          autoComplete="address-line2"
          maxLength={ADDRESS_TEXT_LIMITS.line2}
          {...form.getInputProps('line2')}
        />
        <TextInput
          label={t`Landmark`}
          placeholder={t`Near ...`}
          maxLength={ADDRESS_TEXT_LIMITS.landmark}
          {...form.getInputProps('landmark')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t`Town or city`}
            autoComplete="address-level2"
            maxLength={ADDRESS_TEXT_LIMITS.city}
            required
            {...form.getInputProps('city')}
          />
          <Select
            label={t`State or union territory`}
            placeholder={t`Choose`}
            data={STATE_OPTIONS}
            searchable
            allowDeselect={false}
            required
            {...form.getInputProps('stateCode')}
          />
        </SimpleGrid>
        {offerDefault && (
          <Checkbox
            label={t`Make this my default address`}
            {...form.getInputProps('makeDefault', { type: 'checkbox' })}
          />
        )}
        <FormRefusal message={failure} />
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
