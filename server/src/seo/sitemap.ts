import escapeHtml from 'escape-html';
import type { Catalogue } from '../catalogue';
import { LANGUAGES } from '../shared/rules';
import { categoryPath, inLanguage, languageVersions, productPath } from './shop-urls';

/** The most URLs one sitemap file may hold (sitemaps.org); past it, an index of files. */
export const URLS_PER_SITEMAP = 50_000;
export const SITEMAP_PATH = '/sitemap.xml';
/** The files an index lists: /sitemap-1.xml, /sitemap-2.xml, ... */
export const sitemapPartPath = (part: number): string => `/sitemap-${part}.xml`;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Where `<xhtml:link>` comes from: a page's versions in other languages (Google's sitemaps). */
const XHTML_NAMESPACE = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

/**
 * A page the sitemap lists, its path escaped for XML: a `<url>` for each language. The origin
 * may be each request's own (without PUBLIC_URL), so the `<url>`s are written at each fetch:
 * kept written, with their language versions, they would hold tens of megabytes at 100,000
 * products.
 */
interface SitemapPage {
  path: string;
  /** Milliseconds, 0 when unknown. */
  modified: number;
}

interface SitemapFiles {
  version: number;
  /** The pages each file lists. */
  parts: SitemapPage[][];
}

const lastmod = (modified: number): string =>
  modified ? `<lastmod>${new Date(modified).toISOString()}</lastmod>` : '';

/** The latest of `pages`' times (a loop: spreading 50,000 arguments could overflow the stack). */
const newestOf = (pages: readonly { modified: number }[]): number =>
  pages.reduce((newest, page) => Math.max(newest, page.modified), 0);

const timeOf = (date: Date | string | undefined): number => (date ? new Date(date).getTime() : 0);

/**
 * The page's `<url>`s, one for each language, starting at `origin` (escaped): each lists the
 * page in every language (`hreflang`), its own included, as Google asks of a sitemap's
 * language versions.
 */
function urlsOf(page: SitemapPage, origin: string): string[] {
  const versions = languageVersions(page.path)
    .map(
      ([hreflang, path]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${origin}${path}"/>`,
    )
    .join('');
  const after = `</loc>${lastmod(page.modified)}${versions}</url>`;
  return LANGUAGES.map(
    (language) => `<url><loc>${origin}${inLanguage(page.path, language)}${after}`,
  );
}

/**
 * sitemap.xml of the home page, every category and every product, each in English and in Hindi
 * (`?lang=hi`) with the other as its alternate, made from the catalogue
 * in memory (never a database query: on the embedded engine a list reads a whole
 * collection). Its files are put together again when the catalogue's version moves, so
 * creates, renames and deletes show at the next fetch; its `<url>`s are written at each fetch,
 * with the request's origin.
 */
export class Sitemap {
  private files: SitemapFiles | null = null;
  /**
   * Each product's and category's page by its record: the catalogue replaces a record when it
   * changes, so after a change (a sale lowering stock included) only that one is written again.
   */
  private readonly written = new WeakMap<object, SitemapPage>();

  constructor(
    private readonly catalogue: Pick<
      Catalogue,
      'version' | 'productCount' | 'find' | 'categoryList'
    >,
    private readonly urlsPerFile = URLS_PER_SITEMAP,
  ) {}

  /** /sitemap.xml: the URLs themselves, or past one file's worth the index of the files. */
  main(origin: string): string {
    const { parts } = this.current();
    if (parts.length === 1) return urlSet(parts[0], origin);
    const at = escapeHtml(origin);
    const entries = parts.map((part, index) => {
      const loc = `${at}${sitemapPartPath(index + 1)}`;
      return `<sitemap><loc>${loc}</loc>${lastmod(newestOf(part))}</sitemap>`;
    });
    return `${XML_DECLARATION}<sitemapindex ${NAMESPACE}>\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  /** /sitemap-{part}.xml, from 1, or null when the index lists no such file. */
  part(part: number, origin: string): string | null {
    const { parts } = this.current();
    if (parts.length === 1 || !Number.isInteger(part) || part < 1 || part > parts.length) {
      return null;
    }
    return urlSet(parts[part - 1], origin);
  }

  private current(): SitemapFiles {
    const { version } = this.catalogue;
    if (this.files?.version !== version) this.files = { version, parts: this.build() };
    return this.files;
  }

  private build(): SitemapPage[][] {
    const categories = this.catalogue.categoryList();
    const { items: products } = this.catalogue.find({}, 'newest', 0, this.catalogue.productCount);
    const pages = [
      ...categories.map((c) => this.pageOf(c, () => categoryPath(c.slug), c.updatedAt)),
      ...products.map((p) => this.pageOf(p, () => productPath(p.slug), p.updatedAt)),
    ];
    // The home page changes with whatever it lists.
    const listed = [{ path: '/', modified: newestOf(pages) }, ...pages];
    const perFile = Math.floor(this.urlsPerFile / LANGUAGES.length);
    const parts: SitemapPage[][] = [];
    for (let at = 0; at < listed.length; at += perFile) {
      parts.push(listed.slice(at, at + perFile));
    }
    return parts;
  }

  private pageOf(record: object, path: () => string, updatedAt: Date | string): SitemapPage {
    let page = this.written.get(record);
    if (!page) {
      page = { path: escapeHtml(path()), modified: timeOf(updatedAt) };
      this.written.set(record, page);
    }
    return page;
  }
}

function urlSet(pages: SitemapPage[], origin: string): string {
  const at = escapeHtml(origin);
  const body = pages.flatMap((page) => urlsOf(page, at)).join('\n');
  return `${XML_DECLARATION}<urlset ${NAMESPACE} ${XHTML_NAMESPACE}>\n${body}\n</urlset>\n`;
}
