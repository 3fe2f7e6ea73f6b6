import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { getDistDirectory, renderAltair, renderInitSnippet } from 'altair-static';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { ERRORS_OF_EVERY_CALL, errorResponse } from './common/rest-v1/api-responses';
import { statusByKind, toShopError } from './common/error-translation';
import { nestedDeeperThan } from './common/nesting';
import { keepRawBody } from './common/raw-body';
import { RestExceptionFilter } from './common/rest-v1/rest-exception.filter';
import { securityHeaders } from './common/security-headers';
import { badInput } from './common/shop-error';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/config';
import { createRootLogger, httpLogger } from './observability/logging';
import { ShopMetrics } from './observability/metrics';
import { metricsHandler } from './observability/metrics.module';
import { PHOTO_MAX_BYTES, PRODUCT_PHOTO_RULES } from './shared/rules';
import { serveStorefront } from './storefront';

/** Deeper bodies are refused: validating them would exhaust the call stack. */
const MAX_BODY_DEPTH = 32;

/**
 * Body parsing whose failures answer like every other error: `{ success: false, message }`.
 */
function bodyParser(parse: RequestHandler): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: unknown) => {
      if (!error && !nestedDeeperThan(request.body, MAX_BODY_DEPTH)) return next();
      const shopError = error
        ? toShopError(error)
        : badInput(`Request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
      response
        .status(shopError ? statusByKind[shopError.kind] : 400)
        .json({ success: false, message: shopError?.message ?? 'Unreadable request body' });
    });
}

const SOURCE_MAP = /\.map$/i;

/**
 * Production serves no source map, whoever's bundle it maps (Swagger UI's, which its package
 * ships beside its files, or the storefront's, should a build make them): they give away the
 * sources, and nobody debugs there.
 */
const noSourceMaps: RequestHandler = (request, response, next) =>
  SOURCE_MAP.test(request.path) ? response.status(404).type('text').send('Not found') : next();

function setUpApiDocs(app: INestApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.brandName} REST API`)
      .setDescription(
        "The shop's REST API. Send the token from login as `Authorization: <token>` or `Bearer <token>`. " +
          'Errors are `{ success: false, message }` with the HTTP status saying what kind.',
      )
      .setVersion('1')
      .addBearerAuth()
      .addGlobalResponse(...ERRORS_OF_EVERY_CALL.map(errorResponse))
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/**
 * A GraphQL explorer served from the app's own dependencies, so it works offline. A browser
 * opening /graphql is sent there; API clients asking for JSON reach Apollo as before. Its
 * start-up call is a file of its own rather than an inline script, which the CSP would refuse.
 */
function setUpGraphqlExplorer(app: NestExpressApplication): void {
  app.use('/graphql', (request: Request, response: Response, next: NextFunction) =>
    request.method === 'GET' &&
    request.path === '/' &&
    request.accepts(['application/json', 'application/graphql-response+json', 'html']) === 'html'
      ? response.redirect('/graphql-explorer/')
      : next(),
  );
  const initScript = 'explorer-init.js';
  const options = {
    baseURL: '/graphql-explorer/',
    endpointURL: '/graphql',
    serveInitialOptionsInSeperateRequest: initScript,
  };
  const html = renderAltair(options);
  const init = renderInitSnippet(options);
  app.use('/graphql-explorer', (request: Request, response: Response, next: NextFunction) => {
    if (request.path === '/') return response.type('html').send(html);
    if (request.path === `/${initScript}`) return response.type('js').send(init);
    next();
  });
  app.use('/graphql-explorer', express.static(getDistDirectory()));
}

export interface AppOptions {
  /** Where log lines go instead of standard output (a test reading them). */
  logs?: DestinationStream;
}

/** The whole shop as one Nest application, not yet listening. */
export async function createApp(
  config: AppConfig,
  mongoUri: string,
  options: AppOptions = {},
): Promise<NestExpressApplication> {
  const logger = createRootLogger(config, options.logs);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, mongoUri, logger),
    { bodyParser: false, bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  // First, so every request is timed from its start and has its id, those answered by the
  // middleware below (a body too large, the explorer, the storefront) included.
  app.use(httpLogger(logger));
  const metrics = app.get(ShopMetrics);
  app.use(metrics.observeRequests);
  if (config.metrics.served && config.metrics.port === null) {
    const serve = metricsHandler(metrics, config.metrics.token);
    app.use('/metrics', (request: Request, response: Response, next: NextFunction) =>
      request.method === 'GET' && request.path === '/' ? serve(request, response) : next(),
    );
  }
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders());
  // The webhook's signature is over its body's bytes, kept beside the parsed body (raw-body.ts).
  app.use(bodyParser(express.json({ limit: '100kb', verify: keepRawBody })));
  app.use(bodyParser(express.urlencoded({ extended: false, limit: '100kb' })));
  // One file more than a product may have photos, so that too many is refused in the shop's words.
  app.use(
    '/graphql',
    graphqlUploadExpress({
      maxFileSize: PHOTO_MAX_BYTES,
      maxFiles: PRODUCT_PHOTO_RULES.maxPhotos + 1,
    }),
  );
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RestExceptionFilter());
  if (config.production) app.use(noSourceMaps);
  setUpApiDocs(app, config);
  setUpGraphqlExplorer(app);
  serveStorefront(app, config);
  return app;
}
