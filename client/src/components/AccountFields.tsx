import { PasswordInput, PasswordInputProps, TextInput, TextInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH, TEXT_LIMITS } from '@shop/rules';

/**
 * The fields of a shopper's account as the register, login, reset and profile forms ask for
 * them, each with the server's limits; props given override these.
 */
function accountField(defaults: TextInputProps) {
  return function AccountField(props: TextInputProps) {
    return <TextInput {...defaults} {...props} />;
  };
}

export const NameField = accountField({
  label: 'Name',
  placeholder: 'Enter Your Name',
  maxLength: TEXT_LIMITS.name,
});

export const EmailField = accountField({
  label: 'Email',
  type: 'email',
  placeholder: 'Enter Your Email',
  maxLength: TEXT_LIMITS.email,
});

export const PhoneField = accountField({
  label: 'Phone',
  type: 'tel',
  placeholder: 'Enter Your Phone',
  maxLength: TEXT_LIMITS.phone,
});

export const AddressField = accountField({
  label: 'Address',
  placeholder: 'Enter Your Address',
  maxLength: TEXT_LIMITS.address,
});

/** The answer to the security question, asked again to reset a forgotten password. */
export const SportField = accountField({ label: 'Favourite sport', maxLength: TEXT_LIMITS.answer });

/** A password being set is at least MIN_PASSWORD_LENGTH long; one signing in is as typed. */
export function PasswordField({
  setting = true,
  ...props
}: PasswordInputProps & { setting?: boolean }) {
  return (
    <PasswordInput
      label="Password"
      placeholder="Enter Your Password"
      minLength={setting ? MIN_PASSWORD_LENGTH : undefined}
      maxLength={TEXT_LIMITS.password}
      {...props}
    />
  );
}
