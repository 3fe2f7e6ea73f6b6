import { randomBytes } from 'node:crypto';
import { refuseField } from '../common/setting-values';
import {
  BANNER_LINK_KINDS,
  BANNER_RULES,
  BannerLinkKind,
  contrastRatio,
} from '../shared/banner-rules';

/** The name of the home banners' section in the shop's settings (SettingsStore). */
export const BANNERS_SECTION = 'home-banners';

/** Where a banner's button leads: the one field of its kind is set, the others empty. */
export interface BannerLink {
  kind: BannerLinkKind;
  /** A category's slug. */
  category: string | null;
  /** Search words. */
  search: string | null;
  /** Products chosen by id, in the order shown (the banner's own collection). */
  productIds: string[];
  /** A coupon code, capitals and digits; the cart applies it (`/cart?coupon=CODE`). */
  coupon: string | null;
}

/** One banner of the home page, as stored. */
export interface HomeBanner {
  /** Given by the shop when the banner is made; it names the banner's collection page. */
  id: string;
  title: string;
  text: string;
  buttonLabel: string;
  /** #rrggbb. */
  background: string;
  /** #rrggbb, contrasting with the background at least BANNER_RULES.minContrast to 1. */
  textColour: string;
  /** Whether the storefront shows it; a hidden banner is kept for later. */
  shown: boolean;
  link: BannerLink;
}

/** The section as stored: the banners in the order the home page shows them. */
export interface HomeBannersSection {
  banners: HomeBanner[];
}

export const BANNERS_DEFAULTS: HomeBannersSection = { banners: [] };

/** A banner as the APIs send it; `id` left out makes a new one. */
export interface HomeBannerChange {
  id?: string | null;
  title?: unknown;
  text?: unknown;
  buttonLabel?: unknown;
  background?: unknown;
  textColour?: unknown;
  shown?: unknown;
  link?: {
    kind?: unknown;
    category?: unknown;
    search?: unknown;
    productIds?: unknown;
    coupon?: unknown;
  } | null;
}

/** What the checks ask of the catalogue. */
export interface BannerTargets {
  categoryExists(slug: string): boolean;
  productExists(id: string): boolean;
}

const newBannerId = () => randomBytes(6).toString('hex');

/** Text trimmed, within `max` characters, and given when `required`. */
function textOf(
  field: string,
  value: unknown,
  rule: { max: number; message: string },
  required: boolean,
): string {
  if (value === undefined || value === null) {
    if (required) throw refuseField(field, rule.message);
    return '';
  }
  if (typeof value !== 'string') throw refuseField(field, rule.message);
  const text = value.trim();
  if (text.length > rule.max || (required && text.length === 0)) {
    throw refuseField(field, rule.message);
  }
  return text;
}

function colourOf(field: string, value: unknown): string {
  if (typeof value !== 'string' || !BANNER_RULES.colour.pattern.test(value.trim())) {
    throw refuseField(field, BANNER_RULES.colour.message);
  }
  return value.trim().toLowerCase();
}

function linkOf(field: string, link: HomeBannerChange['link'], targets: BannerTargets): BannerLink {
  const kind = link?.kind;
  if (!BANNER_LINK_KINDS.includes(kind as BannerLinkKind)) {
    throw refuseField(`${field}.kind`, `one of ${BANNER_LINK_KINDS.join(', ')}`);
  }
  const none: BannerLink = {
    kind: kind as BannerLinkKind,
    category: null,
    search: null,
    productIds: [],
    coupon: null,
  };
  switch (kind as BannerLinkKind) {
    case 'CATEGORY': {
      const slug = typeof link!.category === 'string' ? link!.category.trim().toLowerCase() : '';
      if (!slug || !targets.categoryExists(slug)) {
        throw refuseField(`${field}.category`, BANNER_RULES.unknownCategory);
      }
      return { ...none, category: slug };
    }
    case 'SEARCH':
      return {
        ...none,
        search: textOf(`${field}.search`, link!.search, BANNER_RULES.search, true),
      };
    case 'PRODUCTS': {
      const ids = link!.productIds;
      const rule = BANNER_RULES.products;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > rule.max) {
        throw refuseField(`${field}.productIds`, rule.message);
      }
      const kept: string[] = [];
      ids.forEach((id, at) => {
        const named = `${field}.productIds[${at}]`;
        if (typeof id !== 'string' || !targets.productExists(id)) {
          throw refuseField(named, BANNER_RULES.unknownProduct);
        }
        if (kept.includes(id)) throw refuseField(named, BANNER_RULES.listedTwice);
        kept.push(id);
      });
      return { ...none, productIds: kept };
    }
    case 'COUPON': {
      const code = typeof link!.coupon === 'string' ? link!.coupon.trim() : '';
      if (!BANNER_RULES.coupon.pattern.test(code)) {
        throw refuseField(`${field}.coupon`, BANNER_RULES.coupon.message);
      }
      return { ...none, coupon: code };
    }
  }
}

/**
 * The banners after the admin's edit, every field checked, a refusal naming it
 * (`banners[1].textColour: ...`) so that nothing is kept: words within bounds, colours
 * #rrggbb that contrast enough to read, a link to a category or products that exist, a
 * search or a coupon code. A banner keeps its id when it names one of `current`.
 */
export function checkedBanners(
  current: readonly HomeBanner[],
  banners: unknown,
  targets: BannerTargets,
): HomeBanner[] {
  if (!Array.isArray(banners)) throw refuseField('banners', 'banners must be a list');
  if (banners.length > BANNER_RULES.maxBanners) {
    throw refuseField('banners', BANNER_RULES.tooMany);
  }
  const known = new Set(current.map((banner) => banner.id));
  const ids = new Set<string>();
  return (banners as HomeBannerChange[]).map((change, at) => {
    const field = `banners[${at}]`;
    let id = newBannerId();
    if (change.id !== undefined && change.id !== null) {
      if (!known.has(change.id)) throw refuseField(`${field}.id`, BANNER_RULES.unknownBanner);
      if (ids.has(change.id)) throw refuseField(`${field}.id`, BANNER_RULES.listedTwice);
      id = change.id;
    }
    ids.add(id);
    const title = textOf(`${field}.title`, change.title, BANNER_RULES.title, true);
    const text = textOf(`${field}.text`, change.text, BANNER_RULES.text, false);
    const buttonLabel = textOf(
      `${field}.buttonLabel`,
      change.buttonLabel,
      BANNER_RULES.buttonLabel,
      true,
    );
    const background = colourOf(`${field}.background`, change.background);
    const textColour = colourOf(`${field}.textColour`, change.textColour);
    const contrast = contrastRatio(background, textColour);
    if (contrast < BANNER_RULES.minContrast) {
      throw refuseField(`${field}.textColour`, BANNER_RULES.contrast(contrast));
    }
    if (change.shown !== undefined && typeof change.shown !== 'boolean') {
      throw refuseField(`${field}.shown`, 'true or false');
    }
    const link = linkOf(`${field}.link`, change.link, targets);
    return {
      id,
      title,
      text,
      buttonLabel,
      background,
      textColour,
      shown: change.shown ?? true,
      link,
    };
  });
}
