import { PHOTO_PATH } from './shop-urls';
import { SITEMAP_PATH } from './sitemap';

/** Pages of one visitor (dashboards, the cart) and the APIs: nothing there to show in results. */
const NOT_FOR_CRAWLERS = ['/dashboard', '/cart', '/api/', '/graphql'];

/**
 * robots.txt: everything else may be crawled. Photos stay open although they are served
 * under /api/: link previews (Twitterbot among them) obey robots.txt, and the most specific
 * rule wins (RFC 9309).
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Allow: ${PHOTO_PATH}`,
    ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
