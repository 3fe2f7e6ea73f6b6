import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ProductType, ProductVariantType } from '../catalogue';
import { NeverKept } from '../common/graphql/cache-hints';
import { FieldCost } from '../common/graphql/field-cost';
import { MAX_ORDER_LINES } from '../shared/rules';

@ObjectType('CartLine', { description: 'A line of the cart kept on the account' })
export class CartLineType {
  @Field(() => ProductType) product: ProductType;
  @Field(() => ProductVariantType, {
    nullable: true,
    description: "The variant chosen; null for a line whose product's options must be chosen again",
  })
  variant: ProductVariantType | null;
  @Field(() => Int) quantity: number;
}

@ObjectType('AccountCart', { description: "The signed-in shopper's cart, on every device" })
// A shopper's own: never kept among the catalogue's stored answers, whatever its products say.
@NeverKept()
export class AccountCartType {
  @Field(() => [CartLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: CartLineType[];

  @Field(() => Date, {
    nullable: true,
    description: 'When the cart was last written; null for an account that never kept one',
  })
  savedAt: Date | null;

  @Field(() => [String], {
    description:
      'What changed as the cart was written: a quantity lowered to the stock, a line gone',
  })
  @FieldCost({ maxItems: MAX_ORDER_LINES + 1, free: true })
  notices: string[];
}
