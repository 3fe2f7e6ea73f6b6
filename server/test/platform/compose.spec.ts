import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/config';

/**
 * docker-compose.yml, checked without a container engine: the services a production-like run
 * needs, what waits for what, the settings each instance gets, and the proxy's configuration.
 */
const repoRoot = join(__dirname, '..', '..', '..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };
const { services } = compose;
const instances = ['app1', 'app2'];

/** What an operator's values make of `${NAME:?...}` and `${NAME:-default}`. */
const OPERATOR: Record<string, string> = {
  JWT_SECRET: 'a-production-secret-that-is-at-least-32-characters',
  ADMIN_EMAIL: 'owner@bazaar.in',
  ADMIN_PASSWORD: 'Kesar-Mango-2026',
  METRICS_TOKEN: 'a-scrape-token-for-prometheus',
};
const required = (value: string) => /^\$\{(\w+):\?[^}]*\}$/.exec(value)?.[1];
const resolved = (environment: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(environment).map(([name, value]) => {
      const needed = required(value);
      if (needed) return [name, OPERATOR[needed]];
      return [name, value.replace(/^\$\{\w+:-([^}]*)\}$/, '$1')];
    }),
  );

describe('docker-compose.yml', () => {
  it('runs MongoDB, Redis, a mail catcher, two instances of the shop and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual([
      'app1',
      'app2',
      'mail',
      'mongo',
      'proxy',
      'redis',
    ]);
    for (const name of instances) expect(services[name].build).toBe('.');
  });

  it('runs MongoDB as a one-node replica set that its health check initiates', () => {
    const mongo = services.mongo;
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    const check = mongo.healthcheck!.test.join(' ');
    expect(check).toMatch(/rs\.status\(\)/);
    expect(check).toMatch(
      /rs\.initiate\(\{ _id: 'rs0', members: \[\{ _id: 0, host: 'mongo:27017' \}\] \}\)/,
    );
    expect(check).toMatch(/isWritablePrimary/);
    expect(services.redis.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('starts each instance only once MongoDB and Redis are healthy, the second after the first', () => {
    for (const name of instances) {
      expect(services[name].depends_on).toMatchObject({
        mongo: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    // Healthy means ready: the database answers.
    for (const name of instances) {
      expect(services[name].healthcheck!.test.join(' ')).toMatch(/127\.0\.0\.1:8080\/readyz/);
    }
    expect(services.app2.depends_on).toMatchObject({ app1: { condition: 'service_healthy' } });
    expect(services.proxy.depends_on).toMatchObject({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });

  it('gives both instances the replica set, Redis, the proxy and a metrics token', () => {
    for (const name of instances) {
      const environment = services[name].environment!;
      expect(environment.MONGODB_URI).toBe('mongodb://mongo:27017/shop?replicaSet=rs0');
      expect(environment.REDIS_URL).toBe('redis://redis:6379');
      expect(environment.TRUST_PROXY).toBe('1');
      for (const secret of ['JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'METRICS_TOKEN']) {
        expect(required(environment[secret]), secret).toBe(secret);
      }
      // Only the proxy is reachable from outside.
      expect(services[name].ports).toBeUndefined();
      // Docker's own default of 10 s would kill requests SHUTDOWN_GRACE_MS still allows.
      expect(parseInt(services[name].stop_grace_period!, 10) * 1000).toBeGreaterThan(
        Number(environment.SHUTDOWN_GRACE_MS),
      );
    }
    expect(services.app1.environment).toEqual(services.app2.environment);
  });

  it('sets what a production start of the image asks for', () => {
    expect(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8')).toMatch(/ENV NODE_ENV=production/);
    const config = loadConfig({ ...resolved(services.app1.environment!), NODE_ENV: 'production' });
    expect(config).toMatchObject({
      production: true,
      redisUrl: 'redis://redis:6379',
      metrics: { served: true, port: null, token: OPERATOR.METRICS_TOKEN },
      // The demo gateway, said out loud; its control API is never served in production.
      paymentGateway: { name: 'demo' },
      demoGateway: { control: false },
      // The mail catcher beside it, until the operator names an SMTP server.
      mail: { transport: 'smtp', smtpUrl: 'smtp://mail:1025' },
    });
  });

  it('proxies to both instances through a configuration file in the repository', () => {
    const proxy = services.proxy;
    expect(proxy.ports).toEqual(['8080:80']);
    const mount = proxy.volumes!.find((volume) => volume.startsWith('./'))!;
    const [file, target] = mount.split(':');
    expect(target).toBe('/etc/nginx/conf.d/default.conf');
    const path = join(repoRoot, file);
    expect(existsSync(path), file).toBe(true);
    const conf = readFileSync(path, 'utf8');
    const upstream = /upstream shop \{([^}]*)\}/.exec(conf)![1];
    expect(upstream).toMatch(/server app1:8080\b/);
    expect(upstream).toMatch(/server app2:8080\b/);
    expect(conf).toMatch(/proxy_pass http:\/\/shop;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  });
});
