import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../../auth';
import { PRODUCT, productAnswer } from '../../catalogue';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { id, listOf, succeeded } from '../../common/rest-v1/answers';
import { OBJECT_ID_PATTERN } from '../../common/object-id';
import { MAX_WISHLIST } from '../../shared/rules';
import type { PublicUser } from '../../users';
import { MergeWishlistDto } from '../wishlist.dto';
import { Wishlists } from '../wishlists';

const IDS = { productIds: listOf(id) };

const ProductIdParam = () =>
  ApiParam({
    name: 'productId',
    description: 'Product id; any other text is a 400 naming productId',
    schema: { type: 'string', pattern: OBJECT_ID_PATTERN.source },
  });

/**
 * The signed-in shopper's wishlist over REST, beside GraphQL's, with the same rules
 * (Wishlists'): a refusal is a 400 whose message names its field (`productId: ...`).
 */
@ApiTags('wishlist')
@Controller('api/v1/wishlist')
export class WishlistController {
  constructor(private readonly wishlists: Wishlists) {}

  @Get()
  @SignedIn()
  @ApiAnswer(
    200,
    'The products of your wishlist, newest first (in rupees, as the product calls answer them); those since deleted are left out',
    succeeded({ products: listOf(PRODUCT) }),
  )
  async list(@CurrentUser() viewer: PublicUser) {
    const products = await this.wishlists.products(viewer._id);
    return { success: true, products: products.map(productAnswer) };
  }

  @Put(':productId')
  @SignedIn()
  @ProductIdParam()
  @ApiOperation({
    summary: 'Adds a product to the wishlist',
    description: `On top; one held stays once. At most ${MAX_WISHLIST} products.`,
  })
  @ApiAnswer(200, 'Added; the ids held now, newest first', succeeded(IDS))
  async add(@CurrentUser() viewer: PublicUser, @Param('productId') productId: string) {
    const productIds = await this.wishlists.add(viewer._id, productId);
    return { success: true, message: 'Added to your wishlist', productIds };
  }

  @Delete(':productId')
  @SignedIn()
  @ProductIdParam()
  @ApiOperation({ summary: 'Takes a product off the wishlist; one not held is no fault' })
  @ApiAnswer(200, 'Removed; the ids held now, newest first', succeeded(IDS))
  async remove(@CurrentUser() viewer: PublicUser, @Param('productId') productId: string) {
    const productIds = await this.wishlists.remove(viewer._id, productId);
    return { success: true, message: 'Removed from your wishlist', productIds };
  }

  @Post('merge')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({
    summary: "Adds the browser's wishlist at sign-in",
    description: `Its products go on top in its order; ids of no product are dropped; the newest ${MAX_WISHLIST} are kept.`,
  })
  @ApiAnswer(200, 'Merged; the ids held now, newest first', succeeded(IDS))
  async merge(@CurrentUser() viewer: PublicUser, @Body() body: MergeWishlistDto) {
    const productIds = await this.wishlists.merge(viewer._id, body.productIds);
    return { success: true, message: 'Wishlist merged', productIds };
  }
}
