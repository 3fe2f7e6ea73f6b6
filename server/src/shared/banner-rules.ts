/*
 * The home banners' limits and messages, shared with the client as @shop/banner-rules: apart
 * from rules.ts, so that the storefront's first download does not carry them (only the admin's
 * Banners page needs them).
 */

/** The home page's banners (campaigns): what each holds, and the words of each refusal. */
export const BANNER_RULES = {
  maxBanners: 6,
  tooMany: 'at most 6 banners',
  title: { max: 60, message: 'a title of 1 to 60 characters' },
  text: { max: 200, message: 'at most 200 characters' },
  buttonLabel: { max: 24, message: 'a button label of 1 to 24 characters' },
  colour: { pattern: /^#[0-9a-fA-F]{6}$/, message: 'a colour written #rrggbb, such as #1a5e3a' },
  /** WCAG AA for normal text: the banner's words stay readable (and axe stays clean). */
  minContrast: 4.5,
  contrast: (ratio: number) =>
    `the text and background colours contrast ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1; at least 4.5:1 is needed to be readable`,
  search: { max: 100, message: 'search words of 1 to 100 characters' },
  unknownCategory: 'no category has this slug',
  products: { max: 24, message: 'choose 1 to 24 products' },
  unknownProduct: 'no such product',
  listedTwice: 'listed twice',
  coupon: {
    pattern: /^[A-Z0-9]{3,20}$/,
    message: 'a code of 3 to 20 capital letters and digits, such as FIRST100',
  },
  unknownBanner: 'no such banner: leave the id out for a new one',
} as const;

/** How a banner's button leads on: to a category, a search, chosen products or a coupon. */
export const BANNER_LINK_KINDS = ['CATEGORY', 'SEARCH', 'PRODUCTS', 'COUPON'] as const;
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number];

/** A #rrggbb colour's relative luminance (WCAG 2). */
function luminance(colour: string): number {
  const channel = (at: number) => {
    const value = parseInt(colour.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21 (WCAG 2). */
export function contrastRatio(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}
