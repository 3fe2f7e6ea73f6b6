import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config/config';
import { Types } from 'mongoose';
import { Reviews } from './reviews';
import { crawlerRoutes, reading } from './seo';

const under = (prefixes: string[]) => new RegExp(`^/(${prefixes.join('|')})(/|$)`);
const SERVER_PREFIXES = [
  'api',
  'graphql',
  'graphql-explorer',
  'healthz',
  'readyz',
  'photos',
  'demo-gateway',
];
/** Paths the server answers itself: no file is looked for there (a disk lookup per request). */
const SERVER_PATHS = under(SERVER_PREFIXES);
/**
 * Besides those, built files: a missing one (such as a source map that is not published) is
 * a 404 rather than the page; everything else that asks for HTML is the storefront.
 */
const NOT_THE_PAGE = under([...SERVER_PREFIXES, 'assets']);

/**
 * Serves the built storefront: its hashed assets cached for good, robots.txt and the
 * sitemaps, and index.html (read once) for every client route (/product/..., /dashboard/...)
 * so deep links and reloads work; the home, product and category pages with their head for
 * crawlers (server/src/seo). HEAD is answered as GET without the body.
 */
export function serveStorefront(app: NestExpressApplication, config: AppConfig): boolean {
  const dir = config.clientDir;
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const reviews = app.get(Reviews);
  // The crawler pages sit below the reviews module: their recent reviews are handed down here.
  const crawlers = crawlerRoutes(app, config, readFileSync(index, 'utf8'), async (id, count) =>
    (await reviews.recentOf(new Types.ObjectId(id), count)).map((review) => ({
      author: review.name,
      rating: review.rating,
      title: review.title,
      text: review.text,
      published: new Date(review.createdAt),
    })),
  );
  const files = express.static(dir, {
    index: false,
    setHeaders: (response, path) => {
      const hashed = path.includes(`${join(dir, 'assets')}`);
      response.setHeader(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.use(crawlers.files);
  app.use((request: Request, response: Response, next: NextFunction) =>
    SERVER_PATHS.test(request.path) ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!reading(request) || NOT_THE_PAGE.test(request.path) || !request.accepts('html'))
      return next();
    crawlers.page(request, response).catch(next);
  });
  return true;
}
