import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const under = (prefixes: string[]) => new RegExp(`^/(${prefixes.join('|')})(/|$)`);
const SERVER_PREFIXES = ['api', 'graphql', 'graphql-explorer', 'healthz', 'readyz'];
/** Paths the server answers itself: no file is looked for there (a disk lookup per request). */
const SERVER_PATHS = under(SERVER_PREFIXES);
/**
 * Besides those, built files: a missing one (such as a source map that is not published) is
 * a 404 rather than the page; everything else that asks for HTML is the storefront.
 */
const NOT_THE_PAGE = under([...SERVER_PREFIXES, 'assets']);

/**
 * Serves the built storefront: its hashed assets cached for good, and index.html for
 * every client route (/product/..., /dashboard/...) so deep links and reloads work.
 */
export function serveStorefront(app: NestExpressApplication, dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
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
  app.use((request: Request, response: Response, next: NextFunction) =>
    SERVER_PATHS.test(request.path) ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || NOT_THE_PAGE.test(request.path) || !request.accepts('html')) {
      return next();
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
