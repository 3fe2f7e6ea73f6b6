import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PasswordResetWays')
export class PasswordResetWaysType {
  @Field({ description: 'Whether sendPasswordResetLink e-mails a link (the shop sends e-mail)' })
  link: boolean;

  @Field(() => Int, { description: 'How long an e-mailed link works' })
  linkMinutes: number;

  @Field({ description: 'Whether forgotPassword takes the security answer' })
  securityQuestion: boolean;
}
