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
import { STOREFRONT_PAGE_SIZE } from '../shared/rules';
import { PageHead, PageShell } from './page-head';
import {
  categoryPath,
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
  tagline: string;
  description: string;
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
 */
export class CrawlerPages {
  constructor(
    private readonly shell: PageShell,
    private readonly sources: CrawlerPagesSources,
    private readonly texts: ShopTexts,
  ) {}

  /** The page at `path` with links starting at `origin`; null for a page with no head of its own. */
  async render(path: string, origin: string): Promise<CrawledPage | null> {
    if (path === '/') return this.found(this.home(origin));
    const match = PAGE_PATH.exec(path);
    if (!match) return UNDER_PAGE_PATHS.test(path) ? this.missing() : null;
    const slug = decodedSlug(match[2]);
    const head =
      slug === null
        ? null
        : match[1] === 'product'
          ? await this.productHead(slug, origin)
          : this.categoryHead(slug, origin);
    return head ? this.found(head) : this.missing();
  }

  /** The app's own index.html, for every other route of the app. */
  get plainShell(): string {
    return this.shell.html;
  }

  private found(head: PageHead): CrawledPage {
    return { status: 200, html: this.shell.withHead(head) };
  }

  /** The app's page not found, as a 404 asking not to be indexed. */
  private missing(): CrawledPage {
    return { status: 404, html: this.shell.withHead(this.notFound()) };
  }

  private title(name: string): string {
    return `${name} | ${this.texts.brand}`;
  }

  private homeCrumb(origin: string): Crumb {
    return { name: 'Home', url: `${origin}/` };
  }

  /** The tags every page with a head shares; `image` is absolute. */
  private sharing(
    page: { type: string; title: string; description: string; url: string },
    image: SharedImage | null,
  ): Pick<PageHead, 'openGraph' | 'twitter'> {
    return {
      openGraph: [
        ['og:type', page.type],
        ['og:site_name', this.texts.brand],
        ['og:locale', 'en_IN'],
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

  private photoOf(product: ProductRecord, origin: string): SharedImage | null {
    const photo = sharePhotoUrl(product);
    const alt = firstPhoto(product)?.alt || product.name;
    return photo ? { url: `${origin}${photo}`, alt } : null;
  }

  private home(origin: string): PageHead {
    const { brand, tagline, description } = this.texts;
    const url = `${origin}/`;
    const title = `${brand} - ${tagline}`;
    return {
      title,
      description,
      canonical: url,
      ...this.sharing({ type: 'website', title, description, url }, null),
      structuredData: [
        webSite({
          name: brand,
          description,
          url,
          searchUrlTemplate: `${origin}${SEARCH_TEMPLATE}`,
        }),
      ],
    };
  }

  private async productHead(slug: string, origin: string): Promise<PageHead | null> {
    const product = this.sources.products.findBySlug(slug);
    if (!product) return null;
    const rating = product.rating ?? null;
    // Read only for a product with reviews to show: most pages ask the database nothing.
    const reviews =
      rating && rating.count > 0 && this.sources.recentReviews
        ? await this.sources.recentReviews(idString(product._id), REVIEWS_IN_PAGE)
        : [];
    const category = this.sources.catalogue.category(idString(product.category));
    const url = `${origin}${productPath(product.slug)}`;
    const description = summary(product.description);
    const photo = this.photoOf(product, origin);
    const inStock = product.quantity > 0;
    const sharing = this.sharing({ type: 'product', title: product.name, description, url }, photo);
    return {
      title: this.title(product.name),
      description,
      canonical: url,
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
          name: product.name,
          description: product.description,
          url,
          images: productPhotoUrls(product).map((path) => `${origin}${path}`),
          category: category?.name ?? null,
          price: listedPriceOf(product),
          inStock,
          options: product.options.map((option) => option.name),
          variants: product.variants
            .filter((variant) => variant.onSale)
            .map((variant) => ({
              sku: variant.sku,
              name: variantName(product.name, variant.values),
              price: variant.price,
              inStock: variant.quantity > 0,
              values: product.options.map((option, at) => ({
                name: option.name,
                value: variant.values[at],
              })),
            })),
          rating,
          reviews,
        }),
        breadcrumbList([
          this.homeCrumb(origin),
          ...(category ? [this.categoryCrumb(category, origin)] : []),
          { name: product.name, url },
        ]),
      ],
    };
  }

  private categoryCrumb(category: CategoryRecord, origin: string): Crumb {
    return { name: category.name, url: `${origin}${categoryPath(category.slug)}` };
  }

  private categoryHead(slug: string, origin: string): PageHead | null {
    const category = this.sources.categories.findBySlug(slug);
    if (!category) return null;
    const { items, total } = this.sources.catalogue.find(
      { categoryIds: [idString(category._id)] },
      'newest',
      0,
      // What the page shows first, newest first as it opens.
      STOREFRONT_PAGE_SIZE,
    );
    const crumb = this.categoryCrumb(category, origin);
    const description = summary(
      `${category.name} at ${this.texts.brand}: ${total} product${total === 1 ? '' : 's'}, ` +
        `prices in rupees. ${this.texts.description}`,
    );
    // The newest product with a photo stands for the category in a preview.
    const pictured = items.find((product) => sharePhotoUrl(product));
    return {
      title: this.title(category.name),
      description,
      canonical: crumb.url,
      ...this.sharing(
        { type: 'website', title: category.name, description, url: crumb.url },
        pictured ? this.photoOf(pictured, origin) : null,
      ),
      structuredData: [
        breadcrumbList([this.homeCrumb(origin), crumb]),
        itemList(
          items.map((product) => ({
            name: product.name,
            url: `${origin}${productPath(product.slug)}`,
          })),
          total,
        ),
      ],
    };
  }

  private notFound(): PageHead {
    const title = this.title('Page not found');
    const { description } = this.texts;
    return { title, description, noindex: true, openGraph: [], twitter: [], structuredData: [] };
  }
}
