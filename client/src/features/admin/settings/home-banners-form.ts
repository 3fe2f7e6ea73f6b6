import { BANNER_RULES, contrastRatio } from '@shop/banner-rules';
import type {
  BannerLinkKind,
  HomeBannerFieldsFragment,
  HomeBannersInput,
} from '../../../gql/graphql';

/** What the admin's banners page says, written once for the page and its tests. */
export const BANNERS = {
  title: 'Home banners',
  hint: 'Shown at the top of the home page, in this order.',
  failure: 'The home banners could not be loaded.',
  saved: 'Home banners saved',
  save: 'Save banners',
  add: 'Add a banner',
  none: 'No banners: the home page shows only its products.',
  banner: (at: number) => `Banner ${at + 1}`,
  moveUp: (at: number) => `Move up banner ${at + 1}`,
  moveDown: (at: number) => `Move down banner ${at + 1}`,
  remove: (at: number) => `Remove banner ${at + 1}`,
  bannerTitle: 'Title',
  text: 'Text',
  buttonLabel: 'Button label',
  background: 'Background colour',
  textColour: 'Text colour',
  contrast: (ratio: number) => `Contrast ${ratio.toFixed(1)}:1 (at least 4.5:1)`,
  shown: 'Shown on the home page',
  kind: 'The button leads to',
  category: 'Category',
  chooseCategory: 'Choose a category',
  search: 'Search words',
  products: 'Products',
  productsHint: `Up to ${BANNER_RULES.products.max}; type 2 letters or more of a product’s name to find it`,
  coupon: 'Coupon code',
  couponHint: 'The cart applies it: capitals and digits, such as FIRST100',
} as const;

export const LINK_KINDS: { value: BannerLinkKind; label: string }[] = [
  { value: 'CATEGORY', label: 'A category' },
  { value: 'SEARCH', label: 'A search' },
  { value: 'PRODUCTS', label: 'Products chosen' },
  { value: 'COUPON', label: 'The cart with a coupon' },
];

/** One banner on the form: its link's fields side by side, the one of its kind sent. */
export interface BannerFormValues {
  /** Null for a banner not saved yet. */
  id: string | null;
  title: string;
  text: string;
  buttonLabel: string;
  background: string;
  textColour: string;
  shown: boolean;
  kind: BannerLinkKind;
  category: string;
  search: string;
  productIds: string[];
  coupon: string;
}

export interface BannersFormValues {
  banners: BannerFormValues[];
}

export function formOf(banners: readonly HomeBannerFieldsFragment[]): BannersFormValues {
  return {
    banners: banners.map(
      ({ id, title, text, buttonLabel, background, textColour, shown, link }) => ({
        id,
        title,
        text,
        buttonLabel,
        background,
        textColour,
        shown,
        kind: link.kind,
        category: link.category ?? '',
        search: link.search ?? '',
        productIds: [...link.productIds],
        coupon: link.coupon ?? '',
      }),
    ),
  };
}

/** A new banner: readable colours, leading to a search until the admin says otherwise. */
export const newBanner = (): BannerFormValues => ({
  id: null,
  title: '',
  text: '',
  buttonLabel: 'Shop now',
  background: '#1a5e3a',
  textColour: '#ffffff',
  shown: true,
  kind: 'SEARCH',
  category: '',
  search: '',
  productIds: [],
  coupon: '',
});

/** What the form sends: every banner in order, its link with the field of its kind only. */
export function inputOf(values: BannersFormValues): HomeBannersInput {
  return {
    banners: values.banners.map((banner) => ({
      ...(banner.id && { id: banner.id }),
      title: banner.title,
      text: banner.text,
      buttonLabel: banner.buttonLabel,
      background: banner.background,
      textColour: banner.textColour,
      shown: banner.shown,
      link: {
        kind: banner.kind,
        ...(banner.kind === 'CATEGORY' && { category: banner.category }),
        ...(banner.kind === 'SEARCH' && { search: banner.search }),
        ...(banner.kind === 'PRODUCTS' && { productIds: banner.productIds }),
        ...(banner.kind === 'COUPON' && { coupon: banner.coupon.trim().toUpperCase() }),
      },
    })),
  };
}

const HEX = BANNER_RULES.colour.pattern;

/** The contrast of two colours the form holds, once both are #rrggbb; null before. */
export const contrastOf = (background: string, text: string): number | null =>
  HEX.test(background) && HEX.test(text) ? contrastRatio(background, text) : null;

/**
 * Where the form shows a refusal the server named a field of (`banners[1].link.category`,
 * `banners[0].link.productIds[2]`): that banner's field. Null path: a refusal of no one field.
 */
export function refusedAt(message: string): { path: string | null; message: string } {
  const named = /^banners\[(\d+)\]\.(?:link\.)?(\w+)(?:\[\d+\])?: (.+)$/s.exec(message);
  if (!named) return { path: null, message };
  const [, at, field, words] = named;
  const fields: (keyof BannerFormValues)[] = [
    'title',
    'text',
    'buttonLabel',
    'background',
    'textColour',
    'shown',
    'kind',
    'category',
    'search',
    'productIds',
    'coupon',
  ];
  return fields.includes(field as keyof BannerFormValues)
    ? { path: `banners.${at}.${field}`, message: words }
    : { path: null, message };
}
