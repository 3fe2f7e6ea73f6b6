import { Field, ID, ObjectType } from '@nestjs/graphql';

/** Where to deliver: what an address book keeps, and an order copies when placed. */
@ObjectType('DeliveryAddress', {
  description: 'An address to deliver to; addressOnOneLine (@shop/rules) writes it on one line',
})
export class DeliveryAddressType {
  @Field({ description: 'Whom to deliver to' }) name: string;
  @Field({ description: 'An Indian mobile, its 10 digits' }) mobile: string;
  @Field() line1: string;
  @Field({ description: 'Empty when none' }) line2: string;
  @Field({ description: 'Empty when none' }) landmark: string;
  @Field() city: string;
  @Field({ description: 'The GST state code: "29" is Karnataka' }) stateCode: string;
  @Field({ description: "The state's or union territory's name" }) state: string;
  @Field() pin: string;
}

/** One address of the signed-in shopper's address book. */
@ObjectType('Address')
export class AddressType extends DeliveryAddressType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field({ description: 'Exactly one address of a book is the default' }) isDefault: boolean;
}
