import { InputType } from '@nestjs/graphql';
import {
  Email,
  LIMITS,
  OptionalText,
  Password,
  Phone,
  RequiredText,
  Secret,
} from '../../common/fields';

@InputType('RegisterInput')
export class RegisterDto {
  @RequiredText(LIMITS.name, 'Asha Verma') name: string;
  @Email() email: string;
  @Password() password: string;
  @Phone() phone: string;
  @RequiredText(LIMITS.address, '12 MG Road, Bengaluru') address: string;
  @RequiredText(LIMITS.answer, 'cricket') answer: string;
}

@InputType('LoginInput')
export class LoginDto {
  @Email() email: string;
  @Secret(LIMITS.password) password: string;
}

@InputType('ForgotPasswordInput')
export class ForgotPasswordDto {
  @Email() email: string;
  @RequiredText(LIMITS.answer, 'cricket') answer: string;
  @Password() newPassword: string;
}

@InputType('ProfileInput')
export class ProfileDto {
  @OptionalText(LIMITS.name) name?: string;
  @OptionalText(LIMITS.email) email?: string;
  @Password(false) password?: string;
  @Phone(false) phone?: string;
  @OptionalText(LIMITS.address) address?: string;
}
