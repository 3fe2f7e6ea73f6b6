import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const SELF = "'self'";
const NONE = "'none'";

/**
 * The policy of every page the shop serves: the storefront and dashboard, Swagger UI at
 * /api/docs and the GraphQL explorer. Everything comes from the shop's own origin, and no
 * script runs unless it is a file of ours: the token lives in localStorage, so an injected
 * script would be a stolen session.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: [SELF],
    scriptSrc: [SELF],
    scriptSrcAttr: [NONE],
    // Styles may be inline: Mantine writes style attributes and <style> elements at run
    // time (CSS variables, component sizes), and so do Swagger UI and the explorer. A
    // per-request nonce cannot cover style attributes, and CSS cannot run script.
    styleSrc: [SELF, "'unsafe-inline'"],
    // data: for the icons Swagger UI and the explorer inline; blob: for the preview of a
    // photo the admin picked before it is uploaded.
    imgSrc: [SELF, 'data:', 'blob:'],
    fontSrc: [SELF, 'data:'],
    connectSrc: [SELF],
    objectSrc: [NONE],
    baseUri: [SELF],
    formAction: [SELF],
    frameAncestors: [NONE],
  },
};

/** For uploaded files served back (product photos): nothing in them may run or load. */
export const SANDBOXED_FILE_POLICY = "default-src 'none'; sandbox";

const headers = helmet({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Sent only over TLS, below: over plain HTTP the header means nothing to a browser, and
  // a development machine on http://localhost must not be told to insist on HTTPS.
  strictTransportSecurity: false,
});

const strictTransport = helmet.strictTransportSecurity({ maxAge: 180 * 24 * 60 * 60 });

/**
 * Security headers on every answer. HSTS goes out when the request came over TLS: to the
 * server itself, or to a proxy it trusts (TRUST_PROXY) that says so in X-Forwarded-Proto.
 */
export function securityHeaders(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) =>
    headers(request, response, (error?: unknown) => {
      if (error || !request.secure) return next(error);
      strictTransport(request, response, next);
    });
}
