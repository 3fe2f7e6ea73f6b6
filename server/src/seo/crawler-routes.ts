import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Catalogue, CategoriesService, ProductReads } from '../catalogue';
import type { AppConfig } from '../config/config';
import { CrawlerPages, CrawlerPagesSources } from './crawler-pages';
import { PageShell } from './page-head';
import { robotsTxt } from './robots';
import { Sitemap, SITEMAP_PATH } from './sitemap';
import { pageLanguage, siteOrigin } from './shop-urls';

const SITEMAP_PART = /^\/sitemap-(\d+)\.xml$/;

/** Served fresh: the catalogue may have changed since, and the ETag makes asking again cheap. */
function send(response: Response, status: number, type: string, body: string): void {
  response.status(status).type(type).setHeader('Cache-Control', 'no-cache');
  // A HEAD gets the same status and headers without the body (Express's send).
  response.send(body);
}

/** GET, or HEAD: answered the same without the body. */
export const reading = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

export interface CrawlerRoutes {
  /** robots.txt and the sitemaps; everything else goes on. */
  files: RequestHandler;
  /** Sends the app's HTML for this page, with its head for crawlers where it has one. */
  page(request: Request, response: Response): Promise<void>;
}

/** What the storefront answers crawlers and link previews, over the app's catalogue. */
export function crawlerRoutes(
  app: NestExpressApplication,
  config: AppConfig,
  indexHtml: string,
  recentReviews?: CrawlerPagesSources['recentReviews'],
): CrawlerRoutes {
  const catalogue = app.get(Catalogue);
  const pages = new CrawlerPages(
    new PageShell(indexHtml),
    {
      products: app.get(ProductReads),
      categories: app.get(CategoriesService),
      catalogue,
      recentReviews,
    },
    { brand: config.brandName, texts: config.shopTexts },
  );
  const sitemap = new Sitemap(catalogue);
  const originOf = (request: Request) => siteOrigin(request, config.publicUrl);

  return {
    files(request: Request, response: Response, next: NextFunction) {
      if (!reading(request)) return next();
      const { path } = request;
      if (path === '/robots.txt') {
        return send(response, 200, 'text/plain', robotsTxt(originOf(request)));
      }
      if (path === SITEMAP_PATH) {
        return send(response, 200, 'application/xml', sitemap.main(originOf(request)));
      }
      const part = SITEMAP_PART.exec(path);
      if (!part) return next();
      const xml = sitemap.part(Number(part[1]), originOf(request));
      if (xml === null) return send(response, 404, 'text/plain', 'No such sitemap');
      send(response, 200, 'application/xml', xml);
    },
    async page(request: Request, response: Response) {
      const page = await pages.render(request.path, originOf(request), pageLanguage(request));
      send(response, page?.status ?? 200, 'html', page?.html ?? pages.plainShell);
    },
  };
}
