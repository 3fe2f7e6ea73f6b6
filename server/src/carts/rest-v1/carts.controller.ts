import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../../auth';
import { toRupees } from '../../common/money';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import {
  count,
  id,
  listOf,
  nullable,
  rupees,
  shapeOf,
  succeeded,
  text,
  time,
} from '../../common/rest-v1/answers';
import type { PublicUser } from '../../users';
import { AccountCart, AccountCarts } from '../account-carts';
import { CartLinesDto } from '../cart-line.dto';

/** A cart line as REST answers it: ids, names, the price in rupees and the units in stock. */
const CART = {
  lines: listOf(
    shapeOf({
      productId: id,
      variantId: nullable(id),
      quantity: count,
      name: text,
      slug: text,
      values: listOf(text),
      price: rupees,
      stock: nullable(count),
    }),
  ),
  savedAt: nullable(time),
  notices: listOf(text),
};

const presented = (cart: AccountCart) => ({
  success: true,
  lines: cart.lines.map(({ product, variant, quantity }) => ({
    productId: String(product._id),
    variantId: variant ? String(variant._id) : null,
    quantity,
    name: product.name,
    slug: product.slug,
    values: variant?.values ?? [],
    price: toRupees(variant?.price ?? product.price),
    stock: variant ? variant.quantity : null,
  })),
  savedAt: cart.savedAt,
  notices: cart.notices,
});

/** The signed-in shopper's cart, kept on the account (GraphQL: myCart, saveMyCart, mergeMyCart). */
@ApiTags('cart')
@Controller('api/v1/cart')
@SignedIn()
export class CartsController {
  constructor(private readonly carts: AccountCarts) {}

  @Get()
  @ApiAnswer(200, "The shopper's cart, each line as sold now", succeeded(CART))
  async read(@CurrentUser() viewer: PublicUser) {
    return presented(await this.carts.read(viewer._id));
  }

  @Put()
  @ApiAnswer(200, 'The cart as written, with what changed in words', succeeded(CART))
  async save(@CurrentUser() viewer: PublicUser, @Body() body: CartLinesDto) {
    return presented(await this.carts.save(viewer._id, body.lines));
  }

  @Post('merge')
  @HttpCode(200)
  @ApiAnswer(200, "The account's cart with the browser's added", succeeded(CART))
  @ApiErrors(409)
  async merge(@CurrentUser() viewer: PublicUser, @Body() body: CartLinesDto) {
    return presented(await this.carts.merge(viewer._id, body.lines));
  }
}
