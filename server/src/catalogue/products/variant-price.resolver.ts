import { Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { FieldCost } from '../../common/graphql/field-cost';
import { discountPercent } from '../../shared/rules';
import type { ProductVariant } from '../records/product.schema';
import { ProductVariantType } from '../variants/variant.types';

/** What a variant's price tag says beside its MRP, so the product page shows the choice's own. */
@Resolver(() => ProductVariantType)
export class VariantPriceResolver {
  @FieldCost({ free: true })
  @ResolveField(() => Int, { description: 'Whole percent off the MRP of this variant' })
  discountPercent(@Parent() variant: ProductVariant): number {
    return discountPercent(variant.price, variant.mrp);
  }
}
