import { toRupees } from '../common/money';

/** schema.org vocabulary, as JSON-LD (https://schema.org). */
const CONTEXT = 'https://schema.org';
export const PRICE_CURRENCY = 'INR';
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** A price in paise as the rupees schema.org and OpenGraph expect: "1299.00". */
export const rupeesText = (paise: number): string => toRupees(paise).toFixed(2);

export interface Crumb {
  name: string;
  /** Absolute. */
  url: string;
}

/** The trail from the home page to this page, its last crumb the page itself. */
export function breadcrumbList(crumbs: Crumb[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, at) => ({
      '@type': 'ListItem',
      position: at + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** One variant a product page offers, for its own offer. */
export interface VariantFacts {
  sku: string;
  /** "Kurta (M, Indigo)". */
  name: string;
  /** Paise. */
  price: number;
  inStock: boolean;
  /** Its value of each option, by option name. */
  values: { name: string; value: string }[];
}

/** One of a product's reviews, as its page's JSON-LD lists it. */
export interface ReviewFacts {
  /** The reviewer as reviews name them: "Asha V.". */
  author: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** '' when none. */
  title: string;
  /** '' when none. */
  text: string;
  published: Date;
}

/** Up to this many recent reviews go in a product page's JSON-LD. */
export const REVIEWS_IN_PAGE = 5;

export interface ProductFacts {
  id: string;
  name: string;
  description: string;
  /** Absolute. */
  url: string;
  /** Every photo, absolute, the first the card's; none without a photo. */
  images: string[];
  category: string | null;
  /** Paise: the price it is listed at. */
  price: number;
  inStock: boolean;
  /** Its options' names; none for a product sold one way. */
  options: string[];
  /** At least one; a product sold one way has one, the product itself. */
  variants: VariantFacts[];
  /** Its visible reviews' average and count; absent or a count of 0 without reviews. */
  rating?: { average: number; count: number } | null;
  /** Its most recent visible reviews, newest first, at most REVIEWS_IN_PAGE. */
  reviews?: ReviewFacts[];
}

const stars = (value: number) => ({ ratingValue: value, bestRating: 5, worstRating: 1 });

/** The rating and recent reviews of a product, when it has any. */
function reviewed(product: ProductFacts): object {
  const { rating, reviews = [] } = product;
  if (!rating || rating.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ...stars(rating.average),
      reviewCount: rating.count,
    },
    ...(reviews.length > 0 && {
      review: reviews.slice(0, REVIEWS_IN_PAGE).map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.author },
        datePublished: review.published.toISOString().slice(0, 10),
        reviewRating: { '@type': 'Rating', ...stars(review.rating) },
        ...(review.title && { name: review.title }),
        ...(review.text && { reviewBody: review.text }),
      })),
    }),
  };
}

/** schema.org's properties for the options shops name most; others are named as they are. */
const VARIES_BY: Record<string, string> = {
  size: 'https://schema.org/size',
  colour: 'https://schema.org/color',
  color: 'https://schema.org/color',
  material: 'https://schema.org/material',
  pattern: 'https://schema.org/pattern',
};

const offer = (price: number, inStock: boolean, url: string) => ({
  '@type': 'Offer',
  price: rupeesText(price),
  priceCurrency: PRICE_CURRENCY,
  availability: inStock ? IN_STOCK : OUT_OF_STOCK,
  url,
});

/**
 * A product sold one way, with its one offer; a product with options, as a ProductGroup whose
 * variants each carry their own offer, as search engines read sizes and colours.
 */
export function productData(product: ProductFacts): object {
  const described = {
    '@context': CONTEXT,
    name: product.name,
    description: product.description,
    url: product.url,
    ...(product.images.length > 0 && { image: product.images }),
    ...(product.category && { category: product.category }),
    ...reviewed(product),
  };
  if (product.options.length === 0) {
    return {
      ...described,
      '@type': 'Product',
      sku: product.variants[0]?.sku ?? product.id,
      productID: product.id,
      offers: offer(product.price, product.inStock, product.url),
    };
  }
  return {
    ...described,
    '@type': 'ProductGroup',
    productGroupID: product.id,
    variesBy: product.options.map((name) => VARIES_BY[name.toLowerCase()] ?? name),
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      name: variant.name,
      sku: variant.sku,
      ...Object.fromEntries(
        variant.values.map(({ name, value }) => [
          (VARIES_BY[name.toLowerCase()] ?? '').replace('https://schema.org/', '') || name,
          value,
        ]),
      ),
      offers: offer(variant.price, variant.inStock, product.url),
    })),
  };
}

/** The products a list page shows first, each by its own page. */
export function itemList(items: Crumb[], total: number): object {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    numberOfItems: total,
    itemListElement: items.map((item, at) => ({
      '@type': 'ListItem',
      position: at + 1,
      name: item.name,
      url: item.url,
    })),
  };
}

/** The shop as a site, with its search for search engines to offer. */
export function webSite(site: {
  name: string;
  description: string;
  url: string;
  searchUrlTemplate: string;
  /** The page's language, as `hreflang` writes it. */
  language: string;
}): object {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.name,
    description: site.description,
    url: site.url,
    inLanguage: site.language,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: site.searchUrlTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}
