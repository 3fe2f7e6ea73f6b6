import { Args, Float, ID, Int, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../../auth';
import { FieldCost } from '../../common/graphql/field-cost';
import { ProductType } from './product.types';
import { variantsInPaise } from './product-prices';
import { priceTagOf } from '../records/price-tag';
import { fewestLeftOf } from '../records/stock-levels';
import type { ProductRecord } from '../records/product.schema';
import { toRupees } from '../../common/money';
import { ProductVariants } from '../variants/product-variants.service';
import { ProductVariantsDto } from '../variants/variant.types';

/** A product's options and variants: the admin sets them; cards read their price tag. */
@Resolver(() => ProductType)
export class ProductVariantsResolver {
  constructor(private readonly variants: ProductVariants) {}

  @Mutation(() => ProductType, {
    description: 'Sets all the options and variants of a product at once, as the editor saves them',
  })
  @AdminOnly()
  setProductVariants(
    @Args('productId', { type: () => ID }) productId: string,
    @Args('input') input: ProductVariantsDto,
  ) {
    const { options, variants } = variantsInPaise(input);
    return this.variants.set(productId, options, variants);
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    description: 'Rupees: the lowest price in stock among the variants on sale, as cards show it',
  })
  listedPrice(@Parent() product: ProductRecord): number {
    return toRupees(priceTagOf(product).price);
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    nullable: true,
    description: 'Rupees: the MRP of the variant listed, struck through beside its price',
  })
  listedMrp(@Parent() product: ProductRecord): number | null {
    const { mrp } = priceTagOf(product);
    return mrp === null ? null : toRupees(mrp);
  }

  @FieldCost({ free: true })
  @ResolveField(() => Int, { description: 'Whole percent off the MRP of the variant listed' })
  discountPercent(@Parent() product: ProductRecord): number {
    return priceTagOf(product).discountPercent;
  }

  @FieldCost({ free: true })
  @ResolveField(() => Int, {
    description:
      'Units in stock of the variant on sale with the fewest, as the low-stock badge says them',
  })
  fewestLeft(@Parent() product: ProductRecord): number {
    return fewestLeftOf(product);
  }

  @FieldCost({ free: true })
  @ResolveField(() => Boolean, {
    description: 'Whether the variants on sale differ in price, so the card says "from"',
  })
  pricesVary(@Parent() product: ProductRecord): boolean {
    return priceTagOf(product).varies;
  }
}
