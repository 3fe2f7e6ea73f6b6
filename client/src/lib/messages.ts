import { t } from '@lingui/core/macro';

/**
 * Words the shop says in several places, written once, each looked up in the language of the
 * moment it is read.
 */
export const WORDS = {
  get somethingWentWrong() {
    return t`Something went wrong`;
  },
  get outOfStock() {
    return t`Out of stock`;
  },
  get inStock() {
    return t`In stock`;
  },
  get addToCart() {
    return t`ADD TO CART`;
  },
  /** Adds the quantity chosen and goes straight to the cart's checkout. */
  get buyNow() {
    return t`BUY NOW`;
  },
  get chooseOptions() {
    return t`CHOOSE OPTIONS`;
  },
  get categoriesNotLoaded() {
    return t`Categories could not be loaded.`;
  },
  /** A token the server no longer takes: changed password, signed out everywhere, expired. */
  get sessionEnded() {
    return t`Your session has ended. Please log in again.`;
  },
};

/** The wishlist's words: its heart's names, its toasts, its page's title. */
export const WISHLIST = {
  get title() {
    return t`Wishlist`;
  },
  add: (name: string) => t`Add ${name} to wishlist`,
  remove: (name: string) => t`Remove ${name} from wishlist`,
  get added() {
    return t`Added to your wishlist`;
  },
  get removed() {
    return t`Removed from your wishlist`;
  },
  get full() {
    return t`Your wishlist is full: remove a product to add another`;
  },
};
