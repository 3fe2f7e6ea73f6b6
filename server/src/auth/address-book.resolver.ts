import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { FieldCost } from '../common/graphql/field-cost';
import { MAX_ADDRESSES } from '../shared/rules';
import { AddressBook, AddressDto, AddressType, PublicUser } from '../users';
import { SignedIn } from './auth.guards';
import { CurrentUser } from './viewer';

/** The signed-in shopper's address book; its rules are AddressBook's. */
@Resolver(() => AddressType)
export class AddressBookResolver {
  constructor(private readonly book: AddressBook) {}

  @Query(() => [AddressType], {
    description: "The signed-in shopper's addresses, in the order added; one is the default",
  })
  @FieldCost({ maxItems: MAX_ADDRESSES })
  @SignedIn()
  myAddresses(@CurrentUser() viewer: PublicUser) {
    return this.book.list(viewer._id);
  }

  @Mutation(() => AddressType, {
    description: `Adds an address (at most ${MAX_ADDRESSES}); the first becomes the default`,
  })
  @SignedIn()
  addAddress(@CurrentUser() viewer: PublicUser, @Args('input') input: AddressDto) {
    return this.book.add(viewer._id, input);
  }

  @Mutation(() => AddressType, { description: "Writes over an address's fields" })
  @SignedIn()
  updateAddress(
    @CurrentUser() viewer: PublicUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: AddressDto,
  ) {
    return this.book.update(viewer._id, id, input);
  }

  @Mutation(() => [AddressType], {
    description: 'Deletes an address; the book as it is then (the next one is the default now)',
  })
  @FieldCost({ maxItems: MAX_ADDRESSES })
  @SignedIn()
  deleteAddress(@CurrentUser() viewer: PublicUser, @Args('id', { type: () => ID }) id: string) {
    return this.book.remove(viewer._id, id);
  }

  @Mutation(() => [AddressType], { description: 'Makes an address the default; the book then' })
  @FieldCost({ maxItems: MAX_ADDRESSES })
  @SignedIn()
  setDefaultAddress(@CurrentUser() viewer: PublicUser, @Args('id', { type: () => ID }) id: string) {
    return this.book.setDefault(viewer._id, id);
  }
}
