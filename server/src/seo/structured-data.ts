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

export interface ProductFacts {
  id: string;
  name: string;
  description: string;
  /** Absolute. */
  url: string;
  /** Every photo, absolute, the first the card's; none without a photo. */
  images: string[];
  category: string | null;
  /** Paise. */
  price: number;
  inStock: boolean;
}

/** A product with its one offer: the shop's price in rupees, and whether it can be bought now. */
export function productData(product: ProductFacts): object {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    productID: product.id,
    url: product.url,
    ...(product.images.length > 0 && { image: product.images }),
    ...(product.category && { category: product.category }),
    offers: {
      '@type': 'Offer',
      price: rupeesText(product.price),
      priceCurrency: PRICE_CURRENCY,
      availability: product.inStock ? IN_STOCK : OUT_OF_STOCK,
      url: product.url,
    },
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
}): object {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.name,
    description: site.description,
    url: site.url,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: site.searchUrlTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}
