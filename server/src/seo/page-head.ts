import escapeHtml from 'escape-html';
import { controlCharactersAsSpaces, type Language } from '../shared/rules';

/** What a page says about itself in its <head>, for crawlers and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; absent on a page that is not to be indexed. */
  canonical?: string;
  /** Asks search engines to leave the page out of their index (a page not found). */
  noindex?: boolean;
  /** The language the page is in, as `<html lang>` says it. */
  language: Language;
  /** The page in each language, absolute, by `hreflang` (`en-IN`, `hi-IN`, `x-default`). */
  alternates?: [hreflang: string, url: string][];
  /** OpenGraph `property` meta tags (og:title, product:price:amount, ...), in order. */
  openGraph: [property: string, content: string][];
  /** Twitter card `name` meta tags, in order. */
  twitter: [name: string, content: string][];
  /** JSON-LD objects, one script each. */
  structuredData: object[];
}

/** Characters that could end a script element or start markup, and line breaks old JS parsers choke on. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON to put inside a <script> element. Only `</script` (or `<!--`) could end the element
 * early, so `<` and, for good measure, `>` and `&` are written as JSON's \u escapes, which
 * any JSON parser reads back as the same characters.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Text for the head: escaped, and any control character a record kept from before the shop
 * refused them (shared/rules.ts) shown as a space rather than sent as it is.
 */
const headText = (text: string) => escapeHtml(controlCharactersAsSpaces(text));

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${headText(key)}" content="${headText(content)}" />`;

function headTags(head: PageHead): string[] {
  return [
    `<title>${headText(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...(head.alternates ?? []).map(
      ([hreflang, url]) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}" />`,
    ),
    ...head.openGraph.map(([property, content]) => meta('property', property, content)),
    ...head.twitter.map(([name, content]) => meta('name', name, content)),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`,
    ),
  ];
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']?description["']?[^>]*>\s*/i;
const HEAD_END = /<\/head>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>\s*/i;
const HTML_LANG = /(<html\b[^>]*\blang=)(["']?)[\w-]*\2/i;

/**
 * The built storefront's index.html, read once at start. A page with a head of its own gets
 * it where the shell's <title> was, that title and the shell's empty description taken out
 * (one title, one description, which the app updates as the shopper moves on), and its
 * `<html lang>` says the page's language.
 */
export class PageShell {
  private readonly before: string;
  private readonly after: string;

  constructor(readonly html: string) {
    const shell = html.replace(DESCRIPTION, '');
    const title = TITLE.exec(shell);
    // Without a title, before </head>; without a head, first thing after the doctype, where
    // a parser opens the implied head.
    const at = title?.index ?? HEAD_END.exec(shell)?.index ?? DOCTYPE.exec(shell)?.[0].length ?? 0;
    this.before = shell.slice(0, at);
    this.after = shell.slice(at + (title?.[0].length ?? 0));
  }

  withHead(head: PageHead): string {
    const before = this.before.replace(HTML_LANG, `$1"${head.language}"`);
    return `${before}${headTags(head).join('\n    ')}\n  ${this.after}`;
  }
}
