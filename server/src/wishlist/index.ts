// What other modules may use of the wishlist (the boundary lint holds them to this file).
export { WishlistModule } from './wishlist.module';
export { Wishlists } from './wishlists';
