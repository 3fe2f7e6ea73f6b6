/** Words the shop says in several places, written once. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const OUT_OF_STOCK = 'Out of stock';
export const IN_STOCK = 'In stock';
export const ADD_TO_CART = 'ADD TO CART';
/** Adds the quantity chosen and goes straight to the cart's checkout. */
export const BUY_NOW = 'BUY NOW';
export const CHOOSE_OPTIONS = 'CHOOSE OPTIONS';
export const CATEGORIES_NOT_LOADED = 'Categories could not be loaded.';
/** A token the server no longer takes: changed password, signed out everywhere, expired. */
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The wishlist's words: its heart's names, its toasts, its page's title. */
export const WISHLIST = {
  title: 'Wishlist',
  add: (name: string) => `Add ${name} to wishlist`,
  remove: (name: string) => `Remove ${name} from wishlist`,
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  full: 'Your wishlist is full: remove a product to add another',
} as const;
