import type {
  Catalogue,
  CategoriesService,
  CategoryRecord,
  ProductRecord,
  ProductReads,
} from '../catalogue';
import { listedPriceOf, variantName } from '../catalogue';
import { firstPhoto } from '../catalogue';
import { idString } from '../common/object-id';
import { type Language, LANGUAGES, STOREFRONT_PAGE_SIZE } from '../shared/rules';
import { PageHead, PageShell } from './page-head';
import {
  categoryPath,
  HREFLANG,
  inLanguage,
  languageVersions,
  productPath,
  productPhotoUrls,
  SEARCH_TEMPLATE,
  sharePhotoUrl,
} from './shop-urls';
import {
  breadcrumbList,
  Crumb,
  itemList,
  PRICE_CURRENCY,
  productData,
  ReviewFacts,
  REVIEWS_IN_PAGE,
  rupeesText,
  webSite,
} from './structured-data';

/** How long a meta description may be before search results cut it. */
const DESCRIPTION_LENGTH = 160;
/** The shop's paths with a head of their own, beside the home page. */
const PAGE_PATH = /^\/(product|category)\/([^/]+)\/?$/;
/** Any path under those: one that is not a page of them (`/product/`, `/product/a/b`) is none. */
const UNDER_PAGE_PATHS = /^\/(product|category)(\/|$)/;

export interface ShopTexts {
  brand: string;
  /** The brand's line and the shop's description in each language. */
  texts: Record<Language, { tagline: string; description: string }>;
}

/** The few words of their own the crawler pages write, in each language. */
const PAGE_WORDS: Record<
  Language,
  {
    home: string;
    pageNotFound: string;
    ogLocale: string;
    categorySummary: (category: string, brand: string, products: number) => string;
  }
> = {
  en: {
    home: 'Home',
    pageNotFound: 'Page not found',
    ogLocale: 'en_IN',
    categorySummary: (category, brand, products) =>
      `${category} at ${brand}: ${products} product${products === 1 ? '' : 's'}, prices in rupees.`,
  },
  hi: {
    home: 'होम',
    pageNotFound: 'पेज नहीं मिला',
    ogLocale: 'hi_IN',
    categorySummary: (category, brand, products) =>
      `${brand} पर ${category}: ${products} उत्पाद, दाम रुपयों में।`,
  },
};

/** The names and description the shop wrote for a page in `language` (English where it wrote none). */
function written(
  record: {
    name: string;
    nameHi?: string | null;
    description?: string;
    descriptionHi?: string | null;
  },
  language: Language,
): { name: string; description: string } {
  const hindi = language === 'hi';
  return {
    name: (hindi && record.nameHi) || record.name,
    description: (hindi && record.descriptionHi) || record.description || '',
  };
}

/** What the crawler pages read: the catalogue in memory, through the services that own its rules. */
export interface CrawlerPagesSources {
  products: Pick<ProductReads, 'findBySlug'>;
  categories: Pick<CategoriesService, 'findBySlug'>;
  catalogue: Pick<Catalogue, 'category' | 'find'>;
  /**
   * A product's most recent visible reviews, newest first (the reviews module's, handed down
   * by the app: it sits above this one); none when not given.
   */
  recentReviews?: (productId: string, count: number) => Promise<ReviewFacts[]>;
}

/** Where links of a page start, and the language it is in. */
interface PageAt {
  origin: string;
  language: Language;
}

export interface CrawledPage {
  status: 200 | 404;
  html: string;
}

/** A picture a link preview shows, by its absolute URL. */
interface SharedImage {
  url: string;
  alt: string;
}

function imageTags(prefix: 'og' | 'twitter', image: SharedImage | null): [string, string][] {
  if (!image) return [];
  return [
    [`${prefix}:image`, image.url],
    [`${prefix}:image:alt`, image.alt],
  ];
}

/** Whitespace folded, cut at a word before `length` with an ellipsis. */
function summary(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function decodedSlug(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The storefront's HTML as crawlers and link previews read it: the home page, a product's
 * and a category's page each with its title, description, canonical URL, OpenGraph and
 * Twitter tags and JSON-LD, answered from the catalogue in memory. The app itself renders
 * the same page over it in a browser. An unknown product or category, or any other path under
 * /product or /category, is a 404 (the app shows its page not found) that asks not to be indexed.
 *
 * Each page is in English at its path and in Hindi with `?lang=hi`: the names and descriptions
 * the shop wrote in Hindi where it did, `<html lang>` and `og:locale` saying which, and
 * `hreflang` alternates linking the two.
 */
export class CrawlerPages {
  constructor(
    private readonly shell: PageShell,
    private readonly sources: CrawlerPagesSources,
    private readonly shop: ShopTexts,
  ) {}

  /**
   * The page at `path` in `language`, with links starting at `origin`; null for a page with no
   * head of its own.
   */
  async render(
    path: string,
    origin: string,
    language: Language = 'en',
  ): Promise<CrawledPage | null> {
    const at: PageAt = { origin, language };
    if (path === '/') return this.found(this.home(at));
    const match = PAGE_PATH.exec(path);
    if (!match) return UNDER_PAGE_PATHS.test(path) ? this.missing(language) : null;
    const slug = decodedSlug(match[2]);
    const head =
      slug === null
        ? null
        : match[1] === 'product'
          ? await this.productHead(slug, at)
          : this.categoryHead(slug, at);
    return head ? this.found(head) : this.missing(language);
  }

  /** The app's own index.html, for every other route of the app. */
  get plainShell(): string {
    return this.shell.html;
  }

  private found(head: PageHead): CrawledPage {
    return { status: 200, html: this.shell.withHead(head) };
  }

  /** The app's page not found, as a 404 asking not to be indexed. */
  private missing(language: Language): CrawledPage {
    return { status: 404, html: this.shell.withHead(this.notFound(language)) };
  }

  private title(name: string): string {
    return `${name} | ${this.shop.brand}`;
  }

  /** The page at `path` in the language asked, absolute. */
  private url(path: string, { origin, language }: PageAt): string {
    return `${origin}${inLanguage(path, language)}`;
  }

  /** Where the page at `path` is, and where it is in every language. */
  private addresses(path: string, at: PageAt): Pick<PageHead, 'canonical' | 'alternates'> {
    return {
      canonical: this.url(path, at),
      alternates: languageVersions(path).map(([hreflang, url]) => [hreflang, `${at.origin}${url}`]),
    };
  }

  private homeCrumb(at: PageAt): Crumb {
    return { name: PAGE_WORDS[at.language].home, url: this.url('/', at) };
  }

  /** The tags every page with a head shares; `image` is absolute. */
  private sharing(
    page: { type: string; title: string; description: string; url: string },
    image: SharedImage | null,
    language: Language,
  ): Pick<PageHead, 'openGraph' | 'twitter'> {
    return {
      openGraph: [
        ['og:type', page.type],
        ['og:site_name', this.shop.brand],
        ['og:locale', PAGE_WORDS[language].ogLocale],
        ...LANGUAGES.filter((other) => other !== language).map((other): [string, string] => [
          'og:locale:alternate',
          PAGE_WORDS[other].ogLocale,
        ]),
        ['og:title', page.title],
        ['og:description', page.description],
        ['og:url', page.url],
        ...imageTags('og', image),
      ],
      twitter: [
        ['twitter:card', image ? 'summary_large_image' : 'summary'],
        ['twitter:title', page.title],
        ['twitter:description', page.description],
        ...imageTags('twitter', image),
      ],
    };
  }

  private photoOf(product: ProductRecord, { origin, language }: PageAt): SharedImage | null {
    const photo = sharePhotoUrl(product);
    const alt = firstPhoto(product)?.alt || written(product, language).name;
    return photo ? { url: `${origin}${photo}`, alt } : null;
  }

  private home(at: PageAt): PageHead {
    const { brand } = this.shop;
    const { tagline, description } = this.shop.texts[at.language];
    const url = this.url('/', at);
    const title = `${brand} - ${tagline}`;
    return {
      title,
      description,
      language: at.language,
      ...this.addresses('/', at),
      ...this.sharing({ type: 'website', title, description, url }, null, at.language),
      structuredData: [
        webSite({
          name: brand,
          description,
          url,
          searchUrlTemplate: `${at.origin}${SEARCH_TEMPLATE}`,
          language: HREFLANG[at.language],
        }),
      ],
    };
  }

  private async productHead(slug: string, at: PageAt): Promise<PageHead | null> {
    const product = this.sources.products.findBySlug(slug);
    if (!product) return null;
    const rating = product.rating ?? null;
    // Read only for a product with reviews to show: most pages ask the database nothing.
    const reviews =
      rating && rating.count > 0 && this.sources.recentReviews
        ? await this.sources.recentReviews(idString(product._id), REVIEWS_IN_PAGE)
        : [];
    const category = this.sources.catalogue.category(idString(product.category));
    const shown = written(product, at.language);
    const url = this.url(productPath(product.slug), at);
    const description = summary(shown.description);
    const photo = this.photoOf(product, at);
    const inStock = product.quantity > 0;
    const sharing = this.sharing(
      { type: 'product', title: shown.name, description, url },
      photo,
      at.language,
    );
    return {
      title: this.title(shown.name),
      description,
      language: at.language,
      ...this.addresses(productPath(product.slug), at),
      openGraph: [
        ...sharing.openGraph,
        ['product:price:amount', rupeesText(listedPriceOf(product))],
        ['product:price:currency', PRICE_CURRENCY],
        ['product:availability', inStock ? 'in stock' : 'out of stock'],
      ],
      twitter: sharing.twitter,
      structuredData: [
        productData({
          id: idString(product._id),
          name: shown.name,
          description: shown.description,
          url,
          images: productPhotoUrls(product).map((path) => `${at.origin}${path}`),
          category: category ? written(category, at.language).name : null,
          price: listedPriceOf(product),
          inStock,
          options: product.options.map((option) => option.name),
          variants: product.variants
            .filter((variant) => variant.onSale)
            .map((variant) => ({
              sku: variant.sku,
              name: variantName(shown.name, variant.values),
              price: variant.price,
              inStock: variant.quantity > 0,
              values: product.options.map((option, index) => ({
                name: option.name,
                value: variant.values[index],
              })),
            })),
          rating,
          reviews,
        }),
        breadcrumbList([
          this.homeCrumb(at),
          ...(category ? [this.categoryCrumb(category, at)] : []),
          { name: shown.name, url },
        ]),
      ],
    };
  }

  private categoryCrumb(category: CategoryRecord, at: PageAt): Crumb {
    return {
      name: written(category, at.language).name,
      url: this.url(categoryPath(category.slug), at),
    };
  }

  private categoryHead(slug: string, at: PageAt): PageHead | null {
    const category = this.sources.categories.findBySlug(slug);
    if (!category) return null;
    const { items, total } = this.sources.catalogue.find(
      { categoryIds: [idString(category._id)] },
      'newest',
      0,
      // What the page shows first, newest first as it opens.
      STOREFRONT_PAGE_SIZE,
    );
    const crumb = this.categoryCrumb(category, at);
    const words = PAGE_WORDS[at.language];
    const description = summary(
      `${words.categorySummary(crumb.name, this.shop.brand, total)} ${this.shop.texts[at.language].description}`,
    );
    // The newest product with a photo stands for the category in a preview.
    const pictured = items.find((product) => sharePhotoUrl(product));
    return {
      title: this.title(crumb.name),
      description,
      language: at.language,
      ...this.addresses(categoryPath(category.slug), at),
      ...this.sharing(
        { type: 'website', title: crumb.name, description, url: crumb.url },
        pictured ? this.photoOf(pictured, at) : null,
        at.language,
      ),
      structuredData: [
        breadcrumbList([this.homeCrumb(at), crumb]),
        itemList(
          items.map((product) => ({
            name: written(product, at.language).name,
            url: this.url(productPath(product.slug), at),
          })),
          total,
        ),
      ],
    };
  }

  private notFound(language: Language): PageHead {
    const title = this.title(PAGE_WORDS[language].pageNotFound);
    const { description } = this.shop.texts[language];
    return {
      title,
      description,
      language,
      noindex: true,
      openGraph: [],
      twitter: [],
      structuredData: [],
    };
  }
}
