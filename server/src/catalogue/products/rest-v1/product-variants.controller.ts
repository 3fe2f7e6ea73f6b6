import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth';
import { toRupees } from '../../../common/money';
import { ApiAnswer, ApiErrors, IdParam } from '../../../common/rest-v1/api-responses';
import { succeeded } from '../../../common/rest-v1/answers';
import { ObjectIdPipe } from '../../../common/object-id';
import { notFound } from '../../../common/shop-error';
import type { ProductRecord } from '../../records/product.schema';
import { ProductVariants } from '../../variants/product-variants.service';
import { ProductVariantsDto } from '../../variants/variant.types';
import { variantsInPaise } from '../product-prices';
import { ProductReads } from '../product-reads.service';
import { VARIANTS } from './product.answers';

/**
 * A product's options and variants over REST: new routes beside REST v1's, which knows a
 * product by its first variant's price and its total stock and stays as it was.
 */
@ApiTags('product')
@Controller('api/v1/product')
export class ProductVariantsController {
  constructor(
    private readonly reads: ProductReads,
    private readonly variants: ProductVariants,
  ) {}

  @Get(':id/variants')
  @ApiAnswer(200, "The product's options and variants, prices in rupees", succeeded(VARIANTS))
  @IdParam('id', 'Product id')
  @ApiErrors(404)
  list(@Param('id', ObjectIdPipe) id: string) {
    const [product] = this.reads.findByIds([id]);
    if (!product) throw notFound('Product not found');
    return { success: true, ...variantsAnswer(product) };
  }

  @Put(':id/variants')
  @AdminOnly()
  @ApiAnswer(200, 'Saved: every option and variant of the product', succeeded(VARIANTS))
  @IdParam('id', 'Product id')
  @ApiErrors(404, 409)
  async set(@Param('id', ObjectIdPipe) id: string, @Body() body: ProductVariantsDto) {
    const { options, variants } = variantsInPaise(body);
    const product = await this.variants.set(id, options, variants);
    return { success: true, message: 'Variants Saved', ...variantsAnswer(product) };
  }
}

/** Options and variants as REST carries them: ids as strings, money in rupees. */
function variantsAnswer({ options, variants }: ProductRecord) {
  return {
    options: options.map(({ name, values }) => ({ name, values })),
    variants: variants.map((variant) => ({
      id: String(variant._id),
      sku: variant.sku,
      values: variant.values,
      price: toRupees(variant.price),
      mrp: variant.mrp === null ? null : toRupees(variant.mrp),
      quantity: variant.quantity,
      onSale: variant.onSale,
      photoHash: variant.photoHash,
    })),
  };
}
