import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PasswordInput, PasswordInputProps, TextInput, TextInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH, TEXT_LIMITS } from '@shop/rules';
import { COUNTRY_CODE, formatMobile } from '../lib/field-format';

/**
 * The fields of a shopper's account as the register, login, reset and profile forms ask for
 * them, each with the server's limits; props given override these.
 */
function accountField({
  label,
  placeholder,
  ...defaults
}: Omit<TextInputProps, 'label' | 'placeholder'> & {
  label: MessageDescriptor;
  placeholder?: MessageDescriptor;
}) {
  return function AccountField(props: TextInputProps) {
    const { i18n } = useLingui();
    return (
      <TextInput
        label={i18n._(label)}
        placeholder={placeholder && i18n._(placeholder)}
        {...defaults}
        {...props}
      />
    );
  };
}

export const NameField = accountField({
  label: msg`Name`,
  placeholder: msg`Enter Your Name`,
  maxLength: TEXT_LIMITS.name,
});

export const EmailField = accountField({
  label: msg`Email`,
  type: 'email',
  placeholder: msg`Enter Your Email`,
  maxLength: TEXT_LIMITS.email,
});

/**
 * A mobile's 10 digits after a fixed +91, shown "98765 43210" as typed; a pasted
 * "+91 98765 43210" or "098765 43210" loses its +91 or 0. Gives the form the text it shows
 * (mobileToSend makes it what the server keeps).
 */
export function PhoneField({
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { onChange?: (shown: string) => void }) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Phone`}
      description={t`Your 10-digit mobile number`}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={t`Enter Your Phone`}
      leftSection={COUNTRY_CODE}
      maxLength={TEXT_LIMITS.phone}
      {...props}
      onChange={(event) => onChange?.(formatMobile(event.currentTarget.value))}
    />
  );
}

export const AddressField = accountField({
  label: msg`Address`,
  placeholder: msg`Enter Your Address`,
  maxLength: TEXT_LIMITS.address,
});

/** The answer to the security question, asked again to reset a forgotten password. */
export const SportField = accountField({
  label: msg`Favourite sport`,
  maxLength: TEXT_LIMITS.answer,
});

/**
 * A password being set is at least MIN_PASSWORD_LENGTH long; one signing in is as typed. Its
 * error is beside it for screen readers too (aria-invalid, aria-describedby).
 */
export function PasswordField({
  setting = true,
  ...props
}: PasswordInputProps & { setting?: boolean }) {
  const { t } = useLingui();
  return (
    <PasswordInput
      label={t`Password`}
      placeholder={t`Enter Your Password`}
      minLength={setting ? MIN_PASSWORD_LENGTH : undefined}
      maxLength={TEXT_LIMITS.password}
      // Mantine marks the wrapper of a password invalid, not its input: the input it is here.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
