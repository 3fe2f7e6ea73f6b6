import { InputType } from '@nestjs/graphql';
import { Email, OptionalText, Password, Phone, RequiredText, Secret } from '../../common/fields';
import { TEXT_LIMITS } from '../../shared/rules';

@InputType('RegisterInput')
export class RegisterDto {
  @RequiredText(TEXT_LIMITS.name, 'Asha Verma') name: string;
  @Email() email: string;
  @Password() password: string;
  @Phone() phone: string;
  @RequiredText(TEXT_LIMITS.address, '12 MG Road, Bengaluru') address: string;
  @RequiredText(TEXT_LIMITS.answer, 'cricket') answer: string;
}

@InputType('LoginInput')
export class LoginDto {
  @Email() email: string;
  @Secret(TEXT_LIMITS.password) password: string;
}

@InputType('ForgotPasswordInput')
export class ForgotPasswordDto {
  @Email() email: string;
  @RequiredText(TEXT_LIMITS.answer, 'cricket') answer: string;
  @Password() newPassword: string;
}

@InputType('ProfileInput')
export class ProfileDto {
  @OptionalText(TEXT_LIMITS.name) name?: string;
  @OptionalText(TEXT_LIMITS.email) email?: string;
  @Password(false) password?: string;
  @Phone(false) phone?: string;
  @OptionalText(TEXT_LIMITS.address) address?: string;
}
