import { InputType } from '@nestjs/graphql';
import { Email, Password, Secret } from '../common/fields';

/** The longest token a reset link carries (a user id, a dot, a secret), with room to spare. */
const TOKEN_MAX = 120;

@InputType('PasswordResetLinkInput')
export class PasswordResetLinkDto {
  @Email() email: string;
}

@InputType('ResetPasswordInput')
export class ResetPasswordDto {
  /** The `token` of the e-mailed link (`/reset-password?token=...`). */
  @Secret(TOKEN_MAX) token: string;
  @Password() newPassword: string;
}
