import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, SignedIn } from '../auth';
import type { PublicUser } from '../users';
import { AccountCarts } from './account-carts';
import { AccountCartType } from './cart.types';
import { CartLinesDto } from './cart-line.dto';

/** The signed-in shopper's cart; its rules are AccountCarts'. */
@Resolver(() => AccountCartType)
export class CartsResolver {
  constructor(private readonly carts: AccountCarts) {}

  @Query(() => AccountCartType, { description: "The signed-in shopper's cart" })
  @SignedIn()
  myCart(@CurrentUser() viewer: PublicUser) {
    return this.carts.read(viewer._id);
  }

  @Mutation(() => AccountCartType, {
    description:
      'Writes the cart as the shopper now has it, checked against the catalogue: lines no ' +
      'longer sold taken out, quantities above the stock lowered (notices say so)',
  })
  @SignedIn()
  saveMyCart(@CurrentUser() viewer: PublicUser, @Args() { lines }: CartLinesDto) {
    return this.carts.save(viewer._id, lines);
  }

  @Mutation(() => AccountCartType, {
    description:
      "Adds the browser's cart to the account's at sign-in: a line in both keeps the larger " +
      'quantity; checked as saveMyCart',
  })
  @SignedIn()
  mergeMyCart(@CurrentUser() viewer: PublicUser, @Args() { lines }: CartLinesDto) {
    return this.carts.merge(viewer._id, lines);
  }
}
