import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, SignedIn } from '../auth';
import { ProductType } from '../catalogue';
import { NeverKept } from '../common/graphql/cache-hints';
import { FieldCost } from '../common/graphql/field-cost';
import { MAX_WISHLIST } from '../shared/rules';
import type { PublicUser } from '../users';
import { Wishlists } from './wishlists';

const IDS_HELD = 'The ids of the products the wishlist holds now, newest first';

/** The signed-in shopper's wishlist; its rules are Wishlists'. */
@Resolver()
export class WishlistResolver {
  constructor(private readonly wishlists: Wishlists) {}

  @Query(() => [ProductType], {
    description:
      "The signed-in shopper's wishlist, newest first; products since deleted are left out",
  })
  @FieldCost({ maxItems: MAX_WISHLIST })
  // The shopper's own: never kept among the catalogue's public answers, though of its products.
  @NeverKept()
  @SignedIn()
  wishlist(@CurrentUser() viewer: PublicUser) {
    return this.wishlists.products(viewer._id);
  }

  @Mutation(() => [ID], {
    description: `Adds a product on top of the wishlist (at most ${MAX_WISHLIST}); one held stays once. ${IDS_HELD}`,
  })
  @FieldCost({ maxItems: MAX_WISHLIST })
  @SignedIn()
  addToWishlist(
    @CurrentUser() viewer: PublicUser,
    @Args('productId', { type: () => ID }) productId: string,
  ) {
    return this.wishlists.add(viewer._id, productId);
  }

  @Mutation(() => [ID], {
    description: `Takes a product off the wishlist; one not held is no fault. ${IDS_HELD}`,
  })
  @FieldCost({ maxItems: MAX_WISHLIST })
  @SignedIn()
  removeFromWishlist(
    @CurrentUser() viewer: PublicUser,
    @Args('productId', { type: () => ID }) productId: string,
  ) {
    return this.wishlists.remove(viewer._id, productId);
  }

  @Mutation(() => [ID], {
    description: `Adds the browser's wishlist (newest first) at sign-in, on top; ids of no product are dropped, the newest ${MAX_WISHLIST} kept. ${IDS_HELD}`,
  })
  @FieldCost({ maxItems: MAX_WISHLIST })
  @SignedIn()
  mergeWishlist(
    @CurrentUser() viewer: PublicUser,
    @Args('productIds', { type: () => [ID] }) productIds: string[],
  ) {
    return this.wishlists.merge(viewer._id, productIds);
  }
}
