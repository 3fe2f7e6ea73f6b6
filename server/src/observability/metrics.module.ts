import { timingSafeEqual } from 'node:crypto';
import { createServer, Server } from 'node:http';
import {
  Global,
  Inject,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connection } from 'mongoose';
import { APP_CONFIG, AppConfig, localUrl } from '../config/config';
import { ShopMetrics } from './metrics';

const bearer = (token: string) => Buffer.from(`Bearer ${token}`);

/**
 * Answers a scrape: the metrics in Prometheus's text format, or 401 without the token when
 * one is set (compared in constant time, so timing tells nothing about it).
 */
export function metricsHandler(metrics: ShopMetrics, token: string | null) {
  const expected = token === null ? null : bearer(token);
  return (request: IncomingMessage, response: ServerResponse): void => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (expected && !(given.length === expected.length && timingSafeEqual(given, expected))) {
      response.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' });
      response.end('A bearer token is required\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        response.end(text);
      },
      () => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end('Metrics could not be collected\n');
      },
    );
  };
}

/**
 * The metrics of this instance, and, with METRICS_PORT, a server of their own on that port,
 * which a load balancer in front of the shop never reaches. app.factory.ts serves them on the
 * shop's own port otherwise.
 */
@Global()
@Module({ providers: [ShopMetrics], exports: [ShopMetrics] })
export class MetricsModule implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: ShopMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  onModuleInit(): void {
    this.metrics.watchDatabase(this.connection.getClient());
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, token } = this.config.metrics;
    const { host } = this.config;
    if (port === null) return;
    const serve = metricsHandler(this.metrics, token);
    const server = createServer((request, response) => {
      if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') {
        return serve(request, response);
      }
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found\n');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, ...(host !== null && { host }) }, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics at ${localUrl({ host, port }, '/metrics')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
