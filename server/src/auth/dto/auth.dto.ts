import { IsOptional } from 'class-validator';
import { Email, LIMITS, OptionalText, Password, Phone, RequiredText } from '../../common/fields';

export class RegisterDto {
  @RequiredText(LIMITS.name, 'Asha Verma') name: string;
  @Email() email: string;
  @Password() password: string;
  @Phone() phone: string;
  @RequiredText(LIMITS.address, '12 MG Road, Bengaluru') address: string;
  @RequiredText(LIMITS.answer, 'cricket') answer: string;
}

export class LoginDto {
  @Email() email: string;
  @RequiredText(LIMITS.password) password: string;
}

export class ForgotPasswordDto {
  @Email() email: string;
  @RequiredText(LIMITS.answer, 'cricket') answer: string;
  @Password() newPassword: string;
}

export class ProfileDto {
  @OptionalText(LIMITS.name) name?: string;
  @OptionalText(LIMITS.email) email?: string;
  @Password(false) password?: string;
  @IsOptional() @Phone() phone?: string;
  @OptionalText(LIMITS.address) address?: string;
}
