/** Words the shop says in several places, written once. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const OUT_OF_STOCK = 'Out of stock';
export const ADD_TO_CART = 'ADD TO CART';
export const CHOOSE_OPTIONS = 'CHOOSE OPTIONS';
export const CATEGORIES_NOT_LOADED = 'Categories could not be loaded.';
/** A token the server no longer takes: changed password, signed out everywhere, expired. */
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
