import { Field, ObjectType } from '@nestjs/graphql';
import { UserType } from '../users';

@ObjectType('AuthPayload')
export class AuthPayloadType {
  @Field(() => UserType) user: UserType;
  @Field({ description: 'Send as the Authorization header' }) token: string;
}
