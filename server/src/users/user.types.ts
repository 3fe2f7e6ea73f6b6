import { PageOf } from '../common/page-type';
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

/** A user as the API shows it: no password, no security answer. */
@ObjectType('User')
export class UserType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field() name: string;
  @Field() email: string;
  @Field() phone: string;
  @Field() address: string;
  @Field(() => Int, { description: '1 for administrators, 0 for shoppers' }) role: number;
  @Field() createdAt: Date;
}

@ObjectType('UserPage')
export class UserPageType extends PageOf(UserType) {}
