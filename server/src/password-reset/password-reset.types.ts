import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('PasswordResetWays')
export class PasswordResetWaysType {
  @Field({ description: 'Whether sendPasswordResetLink e-mails a link (the shop sends e-mail)' })
  link: boolean;

  @Field({ description: 'Whether forgotPassword takes the security answer' })
  securityQuestion: boolean;
}
