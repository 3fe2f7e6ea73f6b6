/**
 * Every path of the shop, written once: the router's route patterns and the links and
 * redirects that lead to them.
 */
export const paths = {
  home: '/',
  product: '/product/:slug',
  categories: '/categories',
  category: '/category/:slug',
  search: '/search',
  /** Products listed below their MRP, the biggest discount first. */
  deals: '/deals',
  /** The products a home banner chose, by the banner's id. */
  collection: '/collection/:id',
  cart: '/cart',
  register: '/register',
  login: '/login',
  /** Asks for a reset link by e-mail. */
  forgotPassword: '/forgot-password',
  /** The spec's reset by security question, where the shop still offers it. */
  securityQuestionReset: '/forgot-password/security-question',
  /** Where an e-mailed reset link opens, with `?token=`. */
  resetPassword: '/reset-password',
  about: '/about',
  contact: '/contact',
  policy: '/policy',
  userDashboard: '/dashboard/user',
  userProfile: '/dashboard/user/profile',
  userOrders: '/dashboard/user/orders',
  userOrder: '/dashboard/user/orders/:number',
  orderConfirmed: '/order-confirmed/:number',
  /** Where an order waits for its payment (a UPI app's approval), or is paid again. */
  payOrder: '/pay/:number',
  userAddresses: '/dashboard/user/addresses',
  userWishlist: '/dashboard/user/wishlist',
  adminDashboard: '/dashboard/admin',
  adminCategories: '/dashboard/admin/create-category',
  adminCreateProduct: '/dashboard/admin/create-product',
  adminProduct: '/dashboard/admin/product/:slug',
  adminProducts: '/dashboard/admin/products',
  adminOrders: '/dashboard/admin/orders',
  /** One order for the admin: its items to cancel, its returns to decide, its refunds. */
  adminOrder: '/dashboard/admin/orders/:number',
  adminUsers: '/dashboard/admin/users',
  adminReviews: '/dashboard/admin/reviews',
  adminDelivery: '/dashboard/admin/delivery',
  adminPayments: '/dashboard/admin/payments',
  adminTax: '/dashboard/admin/tax',
  adminReturns: '/dashboard/admin/returns',
  adminCoupons: '/dashboard/admin/coupons',
  adminOffers: '/dashboard/admin/offers',
  adminBanners: '/dashboard/admin/banners',
  adminNotifications: '/dashboard/admin/notifications',
  /** Printed, outside the shop's frame. */
  adminPackingSlip: '/dashboard/admin/orders/:number/packing-slip',
} as const;

function withSlug(pattern: string, slug: string): string {
  return pattern.replace(':slug', encodeURIComponent(slug));
}

export const productPath = (slug: string) => withSlug(paths.product, slug);
export const categoryPath = (slug: string) => withSlug(paths.category, slug);
export const adminProductPath = (slug: string) => withSlug(paths.adminProduct, slug);
export const packingSlipPath = (orderNumber: string) =>
  paths.adminPackingSlip.replace(':number', encodeURIComponent(orderNumber));

/** An order's page for the admin, by its number. */
export const adminOrderPath = (number: string) =>
  paths.adminOrder.replace(':number', encodeURIComponent(number));

/** An order's own page, by its number (BZ-000123). */
export const userOrderPath = (number: string) =>
  paths.userOrder.replace(':number', encodeURIComponent(number));
/** The page a shopper lands on once an order is paid. */
export const orderConfirmedPath = (number: string) =>
  paths.orderConfirmed.replace(':number', encodeURIComponent(number));

/** The page where the shopper pays an order placed but not paid yet. */
export const payOrderPath = (number: string) =>
  paths.payOrder.replace(':number', encodeURIComponent(number));

/** A home banner's page of the products it chose. */
export const collectionPath = (id: string) =>
  paths.collection.replace(':id', encodeURIComponent(id));

/** The cart reads a coupon code to apply from this query parameter. */
export const COUPON_PARAM = 'coupon';

/** The cart, with a coupon code for it to apply. */
export const couponPath = (code: string) =>
  `${paths.cart}?${COUPON_PARAM}=${encodeURIComponent(code)}`;

/** The search page reads its words from this query parameter (see catalogue-view.ts). */
export const SEARCH_WORDS = 'q';

export function searchPath(words: string): string {
  return `${paths.search}?${SEARCH_WORDS}=${encodeURIComponent(words)}`;
}

export function dashboardPath(admin: boolean): string {
  return admin ? paths.adminDashboard : paths.userDashboard;
}

/** The pages of signing in and up: the way back after signing in never leads to one of them. */
const SIGN_IN_PAGES: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.securityQuestionReset,
  paths.resetPassword,
];

/**
 * Where to come back to after signing in, from the page the shopper is on (its query kept:
 * a search, a chosen size), handed to the sign-in pages as location state; none from a
 * sign-in page itself.
 */
export function returnPathOf(location: { pathname: string; search: string }): string | undefined {
  return SIGN_IN_PAGES.includes(location.pathname)
    ? undefined
    : `${location.pathname}${location.search}`;
}

/**
 * The page to go to once signed in: the way back a sign-in page was handed (location state),
 * or home. Only a path of this shop is followed, never another site.
 */
export function pathAfterSignIn(state: unknown): string {
  return typeof state === 'string' && state.startsWith('/') && !state.startsWith('//')
    ? state
    : paths.home;
}
