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
 * One `<url>` as written in a file, but for the origin before each of its links: the pieces
 * between them. The origin may be each request's own (without PUBLIC_URL), so what is kept is
 * the rest.
 */
interface SitemapUrl {
  pieces: string[];
  /** Milliseconds, 0 when unknown. */
  modified: number;
}

interface SitemapFiles {
  version: number;
  parts: SitemapUrl[][];
}

const lastmod = (modified: number): string =>
  modified ? `<lastmod>${new Date(modified).toISOString()}</lastmod>` : '';

/** The latest of `urls`' times (a loop: spreading 50,000 arguments could overflow the stack). */
const newestOf = (urls: SitemapUrl[]): number =>
  urls.reduce((newest, url) => Math.max(newest, url.modified), 0);

const timeOf = (date: Date | string | undefined): number => (date ? new Date(date).getTime() : 0);

/** Where an origin goes in a `<url>` written before the origin is known. */
const ORIGIN = '\u0000';

/**
 * The page at `path` in each language: one `<url>` each, each listing the page in every
 * language (`hreflang`), its own included, as Google asks of a sitemap's language versions.
 */
function sitemapUrls(path: string, modified: number): SitemapUrl[] {
  const versions = languageVersions(path)
    .map(
      ([hreflang, url]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${ORIGIN}${escapeHtml(url)}"/>`,
    )
    .join('');
  return LANGUAGES.map((language) => ({
    pieces:
      `<url><loc>${ORIGIN}${escapeHtml(inLanguage(path, language))}</loc>${lastmod(modified)}${versions}</url>`.split(
        ORIGIN,
      ),
    modified,
  }));
}

/**
 * sitemap.xml of the home page, every category and every product, each in English and in Hindi
 * (`?lang=hi`) with the other as its alternate, made from the catalogue
 * in memory (never a database query: on the embedded engine a list reads a whole
 * collection). Its files are put together again when the catalogue's version moves, so
 * creates, renames and deletes show at the next fetch; the origin is put in front at each
 * fetch. At 100,000 products the first fetch takes about 0.6 s, one after a change tens of ms.
 */
export class Sitemap {
  private files: SitemapFiles | null = null;
  /**
   * Each product's and category's URLs by its record: the catalogue replaces a record when it
   * changes, so after a change (a sale lowering stock included) only that one is written again.
   */
  private readonly written = new WeakMap<object, SitemapUrl[]>();

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

  private build(): SitemapUrl[][] {
    const categories = this.catalogue.categoryList();
    const { items: products } = this.catalogue.find({}, 'newest', 0, this.catalogue.productCount);
    const pages = [
      ...categories.flatMap((c) => this.urlsOf(c, () => categoryPath(c.slug), c.updatedAt)),
      ...products.flatMap((p) => this.urlsOf(p, () => productPath(p.slug), p.updatedAt)),
    ];
    // The home page changes with whatever it lists.
    const urls = [...sitemapUrls('/', newestOf(pages)), ...pages];
    const parts: SitemapUrl[][] = [];
    for (let at = 0; at < urls.length; at += this.urlsPerFile) {
      parts.push(urls.slice(at, at + this.urlsPerFile));
    }
    return parts;
  }

  private urlsOf(record: object, path: () => string, updatedAt: Date | string): SitemapUrl[] {
    let urls = this.written.get(record);
    if (!urls) {
      urls = sitemapUrls(path(), timeOf(updatedAt));
      this.written.set(record, urls);
    }
    return urls;
  }
}

function urlSet(urls: SitemapUrl[], origin: string): string {
  const at = escapeHtml(origin);
  const body = urls.map((url) => url.pieces.join(at)).join('\n');
  return `${XML_DECLARATION}<urlset ${NAMESPACE} ${XHTML_NAMESPACE}>\n${body}\n</urlset>\n`;
}
