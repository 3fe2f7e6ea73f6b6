import { PageOf } from '../common/page-type';
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { LANGUAGES } from '../shared/rules';

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

/** The storefront's languages, as GraphQL names them: `en` and `hi`. */
export const LanguageEnum = Object.fromEntries(LANGUAGES.map((language) => [language, language]));
registerEnumType(LanguageEnum, {
  name: 'Language',
  description: 'A language of the storefront: en (English) or hi (Hindi)',
});
