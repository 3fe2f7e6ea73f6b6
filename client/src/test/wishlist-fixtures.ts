import type { GraphQLFormattedError } from 'graphql';
import {
  AddToWishlistDocument,
  MergeWishlistDocument,
  RemoveFromWishlistDocument,
  WishlistDocument,
  WishlistIdsDocument,
} from '../gql/graphql';
import { mockOf, ProductFixture } from './fixtures';

/** The ids of the signed-in shopper's wishlist, as the provider asks them at sign-in. */
export function wishlistIdsMock(ids: string[]) {
  return mockOf(WishlistIdsDocument, {
    result: {
      data: { wishlist: ids.map((id) => ({ __typename: 'Product' as const, id })) },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** The wishlist page's products. */
export function wishlistMock(products: ProductFixture[], delay?: number) {
  return mockOf(WishlistDocument, {
    result: { data: { wishlist: products } },
    ...(delay !== undefined && { delay }),
  });
}

/** The server adds `productId`, answering these ids (or refuses with `errors`). */
export function addToWishlistMock(
  productId: string,
  ids: string[],
  errors?: GraphQLFormattedError[],
) {
  return mockOf(AddToWishlistDocument, {
    variables: { productId },
    result: errors ? { errors } : { data: { addToWishlist: ids } },
  });
}

export function removeFromWishlistMock(productId: string, ids: string[]) {
  return mockOf(RemoveFromWishlistDocument, {
    variables: { productId },
    result: { data: { removeFromWishlist: ids } },
  });
}

export function mergeWishlistMock(productIds: string[], ids: string[]) {
  return mockOf(MergeWishlistDocument, {
    variables: { productIds },
    result: { data: { mergeWishlist: ids } },
  });
}
