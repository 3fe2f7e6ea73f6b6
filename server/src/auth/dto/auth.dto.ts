import { InputType } from '@nestjs/graphql';
import {
  Email,
  OptionalText,
  Password,
  Phone,
  RequiredText,
  Secret,
  SPANS_LINES,
} from '../../common/fields';
import { fieldFault, TEXT_LIMITS } from '../../shared/rules';
import { ACCOUNT_RULES } from '../../shared/form-rules';

/** A text an account needs, refused blank in the words of its form. */
const needed = (field: keyof typeof ACCOUNT_RULES, maxLength: number, spansLines = false) => ({
  maxLength,
  required: fieldFault(field, ACCOUNT_RULES[field]),
  spansLines,
});

@InputType('RegisterInput')
export class RegisterDto {
  @RequiredText(needed('name', TEXT_LIMITS.name), 'Asha Verma') name: string;
  @Email() email: string;
  @Password() password: string;
  @Phone() phone: string;
  @RequiredText(needed('address', TEXT_LIMITS.address, SPANS_LINES), '12 MG Road, Bengaluru')
  address: string;
  @RequiredText(needed('answer', TEXT_LIMITS.answer), 'cricket') answer: string;
}

@InputType('LoginInput')
export class LoginDto {
  @Email() email: string;
  @Secret(TEXT_LIMITS.password) password: string;
}

@InputType('ForgotPasswordInput')
export class ForgotPasswordDto {
  @Email() email: string;
  @RequiredText(needed('answer', TEXT_LIMITS.answer), 'cricket') answer: string;
  @Password() newPassword: string;
}

/**
 * Changes to the signed-in user's own profile: what is left out (or null) stays. A new password,
 * or an e-mail other than the account's, needs `currentPassword` (AuthService.updateProfile).
 */
@InputType('ProfileInput')
export class ProfileDto {
  @OptionalText(TEXT_LIMITS.name) name?: string;
  @OptionalText(TEXT_LIMITS.email) email?: string;
  @Password(false, 'A new password (empty or left out keeps it); needs currentPassword')
  password?: string;
  @Secret(
    TEXT_LIMITS.password,
    "The account's password as it is now: needed to change the password or e-mail, not for " +
      'the name, phone or address',
  )
  currentPassword?: string;
  @Phone(false) phone?: string;
  @OptionalText(TEXT_LIMITS.address, undefined, SPANS_LINES) address?: string;
}
