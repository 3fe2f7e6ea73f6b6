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
export class UserPageType {
  @Field(() => [UserType]) items: UserType[];
  @Field(() => Int) total: number;
  @Field(() => Int) page: number;
  @Field(() => Int) pageSize: number;
  @Field() hasMore: boolean;
}
