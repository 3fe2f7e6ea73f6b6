// `npm run bench:api`: load benchmark of the built server (server/dist) on the embedded engine.
//
// Generates a catalogue straight into a fresh embedded database (FerretDB on SQLite, the same
// launcher the server uses), starts the real server on it in production mode with the rate
// limits raised, and drives each workload with autocannon, beside a raw node:http server that
// answers the same product-list JSON from memory. Prints req/s, p50 and p99 per workload, the
// ratios to the app's category list and to the raw baseline, and the RSS of the server and of
// the engine, idle and after load. Columns besides those: "server RSS MB", the server's RSS
// after the workload; "alone ms", one request of the workload with the server otherwise idle,
// made first to check it answers as expected (a GraphQL one: its data too); "answers",
// responses within the run; "wrong status", answers with another status than the workload
// expects (exit code 1); "timeouts", requests not answered within 10 s, or errors.
// A workload slower than its duration shows no answers and no latency.
//
// With no size given it runs twice, each in a process of its own: 1,000 products (and users and
// orders), then 100,000; then it prints how the second compares with the first and with the
// targets of issue 16 (each catalogue workload at >= 0.7x the category list and >= 5% of raw at
// 100,000 products, p50 at most 1.5x its 1,000-product p50, RSS after load at most 600 MB).
// "GraphQL search (uncached)" is shown beside them without a target: at 100,000 products
// hardly any of its searches is asked twice, so it shows what a search costs unkept.
//
// Options:
//   --products N     one run with N products; users and orders default to 1000 each, or to N when N >= 100000
//   --users N, --orders N
//   --duration S     seconds per workload (10)
//   --connections N  concurrent connections (20)
//   --quick          1,000 products, 3 s per workload: what CI runs so the harness cannot rot
//   --only a,b       run only these workloads (names as printed)
//   --cpu-prof DIR   writes a CPU profile of the server into DIR (open it in Chrome's DevTools)
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, productionEnv, waitUntilReady } from './shop-server.mjs';

const rootRequire = createRequire(import.meta.url);
const autocannon = rootRequire('autocannon');
const require = createRequire(new URL('../server/package.json', import.meta.url));
const { loadConfig } = require('./dist/config/config.js');
const { startFerretDb } = require('./dist/database/embedded-database.js');
const { ProductSchema } = require('./dist/products/product.schema.js');
const { ProductPhotoSchema, photoOf } = require('./dist/products/product-photo.schema.js');
const { PhotoFileSchema } = require('./dist/products/photo-file.schema.js');
const { photoFileName, renderPhoto } = require('./dist/products/photo-variants.js');
const { CategorySchema } = require('./dist/categories/category.schema.js');
const { UserSchema } = require('./dist/users/user.schema.js');
const { UserEmailSchema, emailClaim } = require('./dist/users/user-email.schema.js');
const { OrderSchema, checkoutKeyOf, orderIdOf } = require('./dist/orders/order.schema.js');
const { BuyerOrdersSchema } = require('./dist/orders/buyer-orders.schema.js');
const { UpgradeSchema, upgradeDone } = require('./dist/database/upgrades/upgrade.schema.js');
const { STORED_UPGRADES, PHOTOS_RESIZED } = require('./dist/orders/order-recovery.service.js');
const mongoose = require('mongoose');
const bcrypt = require('bcryptjs');

const { values: args } = parseArgs({
  strict: true,
  options: {
    products: { type: 'string' },
    users: { type: 'string' },
    orders: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '20' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    json: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const PRODUCTS = Number(args.products ?? 1000);
const large = PRODUCTS >= 100_000;
const USERS = Number(args.users ?? (large ? PRODUCTS : 1000));
const ORDERS = Number(args.orders ?? (large ? PRODUCTS : 1000));
const DURATION = Number(args.duration ?? (args.quick ? 3 : 10));
const CONNECTIONS = Number(args.connections);
const CATEGORIES = 7;
const SHOPPERS = 20; // accounts the login, my-orders and checkout workloads sign in as
// ...spread over the users collection: the engine stops a scan at the first match, so accounts
// at its start would be found faster than the average one.
const shopper = (k) => k * Math.floor(USERS / SHOPPERS);
const SHOPPER_PASSWORD = 'bench-shopper-123';
const APPROVED_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123' };
const WORDS = [
  'kettle',
  'saree',
  'lamp',
  'cricket',
  'tea',
  'masala',
  'mug',
  'kurta',
  'brass',
  'phone',
];
// A product's name is "<brand> <word> <number>", so a search has two words to combine.
// Neither holds one of WORDS, so REST's literal search of a word finds what it did before.
const BRANDS = ['Samsung', 'Prestige', 'Bajaj', 'Havells', 'Philips', 'Usha', 'Boat'];
const brandOf = (i) => BRANDS[i % BRANDS.length];
const wordOf = (i) => WORDS[i % WORDS.length];
/**
 * Each word as typed wrong, by as much as the search forgives in it (none below 4 letters):
 * the last two letters swapped from 6 letters ("kettel"), the last replaced at 4 and 5.
 */
const TYPOS = WORDS.filter((word) => word.length >= 4).map((word) =>
  word.length >= 6 ? `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}` : `${word.slice(0, -1)}q`,
);
/** What the search box sends while a brand or a word is typed: "sa", "sam", ... "samsung". */
const TYPED = [...BRANDS, ...WORDS].flatMap((name) =>
  Array.from({ length: name.length - 1 }, (_, at) => name.slice(0, at + 2).toLowerCase()),
);
/** The storefront's price bands but "All Prices" (server/src/shared/rules.ts). */
const BANDS = [
  [0, 1000],
  [1001, 3000],
  [3001, 7000],
  [7001, 15000],
  [15001, 20000],
  [20001, 50000],
  [50001, 200000],
];

const repoRoot = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-api-'));
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
// Interrupted: stop the server (its engine stops when it goes) and clean up as on a normal exit.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

// A small real PNG (1x1), the same bytes for every product: photos are small on purpose.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO_HASH = createHash('sha256').update(PHOTO).digest('hex');
/**
 * The "photo file" workloads ask for one resized file of each product's own photo, each a
 * document of its own named by a hash of its own, as uploads leave them: a file asked for
 * the first time is read from the database, not from the server's cache of hot files.
 * The bytes are one real small WebP for all, so generating 100,000 takes seconds.
 */
const photoFileOf = (i) =>
  photoFileName(createHash('sha256').update(`bench-photo-${i}`).digest('hex'), 320, 'webp');

function log(message) {
  process.stderr.write(`bench:api: ${message}\n`);
}

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** The engine's process: the server's child running the launcher. */
function engineChildOf(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children.find((c) => {
      try {
        return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('ferretdb-embedded');
      } catch {
        return false;
      }
    });
  } catch {
    return undefined;
  }
}

async function inBatches(model, count, make, size = 1000) {
  for (let i = 0; i < count; i += size) {
    const docs = [];
    for (let j = i; j < Math.min(count, i + size); j++) docs.push(make(j));
    await model.insertMany(docs, { ordered: false });
  }
}

/**
 * Writes the catalogue, users and orders into DATA_DIR's embedded database, then stops it.
 * Documents are keyed as the server keys them, through its own functions: e-mail claims,
 * photos by product, orders by checkout key and each buyer's list of orders; and every
 * upgrade at start is recorded as done, as a first start on an empty database leaves it.
 */
async function generate(config) {
  const started = performance.now();
  const engine = await startFerretDb(config.ferretdbBin, join(dataDir, 'ferretdb'));
  const connection = await mongoose
    .createConnection(`${engine.serverUri.replace(/\/?$/, '/')}shop`, { autoIndex: false })
    .asPromise();
  const Category = connection.model('Category', CategorySchema);
  const Product = connection.model('Product', ProductSchema);
  const ProductPhoto = connection.model('ProductPhoto', ProductPhotoSchema);
  const User = connection.model('User', UserSchema);
  const UserEmail = connection.model('UserEmail', UserEmailSchema);
  const Order = connection.model('Order', OrderSchema);
  const BuyerOrders = connection.model('BuyerOrders', BuyerOrdersSchema);
  const Upgrade = connection.model('Upgrade', UpgradeSchema);
  await Upgrade.insertMany([...STORED_UPGRADES, PHOTOS_RESIZED].map((name) => upgradeDone(name)));
  const PhotoFile = connection.model('PhotoFile', PhotoFileSchema);
  const rendered = await renderPhoto(PHOTO_HASH, PHOTO);
  await PhotoFile.insertMany(
    rendered.files.map(({ name, data, contentType }) => ({ _id: name, data, contentType })),
  );
  const webp = rendered.files.find((file) => file.contentType === 'image/webp');

  const categories = Array.from({ length: CATEGORIES }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    name: `Category ${i}`,
    slug: `category-${i}`,
  }));
  await Category.insertMany(categories);

  const products = [];
  await inBatches(Product, PRODUCTS, (i) => {
    const word = wordOf(i);
    const product = {
      _id: new mongoose.Types.ObjectId(),
      name: `${brandOf(i)} ${word[0].toUpperCase()}${word.slice(1)} ${i}`,
      slug: `${word}-${i}`,
      description: `A ${word} made by hand, number ${i} of the bench catalogue, in plain words.`,
      // Whole paise, as stored: ₹100 to ₹4,999.
      price: (100 + ((i * 37) % 4900)) * 100,
      category: categories[i % CATEGORIES]._id,
      quantity: 1_000_000,
      shipping: i % 2 === 0,
      photoHash: PHOTO_HASH,
      photo: rendered.layout,
    };
    products.push({
      _id: product._id,
      slug: product.slug,
      category: product.category,
      name: product.name,
      price: product.price,
    });
    return product;
  });
  await inBatches(ProductPhoto, PRODUCTS, (i) => photoOf(products[i]._id, PHOTO, 'image/png'));
  await inBatches(PhotoFile, PRODUCTS, (i) => ({
    _id: photoFileOf(i),
    data: webp.data,
    contentType: webp.contentType,
  }));

  // One bcrypt hash for every account: hashing 100,000 passwords would take minutes.
  const password = bcrypt.hashSync(SHOPPER_PASSWORD, config.passwordHashRounds);
  const answer = bcrypt.hashSync('bench', config.passwordHashRounds);
  const users = Array.from({ length: USERS }, () => new mongoose.Types.ObjectId());
  const email = (i) => `shopper${i}@bench.local`;
  // Claimed before the users are written, as registration does.
  await inBatches(UserEmail, USERS, (i) => emailClaim(email(i), users[i]));
  await inBatches(User, USERS, (i) => ({
    _id: users[i],
    name: `Shopper ${i}`,
    email: email(i),
    password,
    answer,
    phone: '9800000000',
    address: `${i} MG Road, Bengaluru`,
    role: 0,
  }));

  // The administrator the "GraphQL shop stats" workload signs in as (ADMIN_EMAIL, ADMIN_PASSWORD).
  const admin = new mongoose.Types.ObjectId();
  await UserEmail.insertMany([emailClaim(config.admin.email, admin)]);
  await User.insertMany([
    {
      _id: admin,
      name: 'Bench Admin',
      email: config.admin.email,
      password: bcrypt.hashSync(config.admin.password, config.passwordHashRounds),
      answer,
      phone: '9800000000',
      address: '1 MG Road, Bengaluru',
      role: 1,
    },
  ]);

  // The accounts the workloads use get ten orders each; the rest spread over everyone.
  const buyerOf = (i) => (i < SHOPPERS * 10 ? users[shopper(i % SHOPPERS)] : users[i % USERS]);
  const checkoutKey = (i) => checkoutKeyOf(buyerOf(i), `bench-${i}`);
  // Each buyer's list names their orders before the orders are written, as checkout does.
  const lists = new Map();
  for (let i = 0; i < ORDERS; i++) {
    const buyer = buyerOf(i);
    const list = lists.get(String(buyer)) ?? { _id: buyer, orders: [] };
    list.orders.push(orderIdOf(checkoutKey(i)));
    lists.set(String(buyer), list);
  }
  const buyerLists = [...lists.values()];
  await inBatches(BuyerOrders, buyerLists.length, (i) => buyerLists[i]);
  // Spread over the last 90 days, one to three units, in every status, with some declined and
  // some cancelled (refunded): the dashboard's figures (GraphQL shop stats) count real days.
  const DAY_MS = 86_400_000;
  const generatedAt = Date.now();
  const STATUSES = [
    'Not Processed',
    'Processing',
    'Shipped',
    'Delivered',
    'Delivered',
    'Cancelled',
  ];
  await inBatches(Order, ORDERS, (i) => {
    const buyer = buyerOf(i);
    const product = products[i % PRODUCTS];
    const quantity = 1 + (i % 3);
    const declined = i % 25 === 0;
    // Not i % 6: every order of one day (i % 90) would have the same status.
    const status = declined ? 'Not Processed' : STATUSES[Math.floor(i / 90) % STATUSES.length];
    // Some minute of the day, so orders fall on both sides of midnight.
    const createdAt = new Date(generatedAt - (i % 90) * DAY_MS - ((i * 7919) % 1440) * 60_000);
    return {
      _id: orderIdOf(checkoutKey(i)),
      lines: [{ product: product._id, name: product.name, price: product.price, quantity }],
      buyer,
      payment: declined
        ? { success: false, provider: 'bench', reference: null, message: 'Declined' }
        : {
            success: true,
            provider: 'bench',
            reference: `ref-${i}`,
            message: null,
            refunded: status === 'Cancelled',
          },
      total: product.price * quantity,
      address: `${i} MG Road, Bengaluru`,
      status,
      checkoutKey: checkoutKey(i),
      settled: true,
      followUpPending: false,
      createdAt,
      updatedAt: createdAt,
    };
  });

  await connection.close();
  await engine.stop();
  log(
    `generated ${PRODUCTS} products, ${USERS} users, ${ORDERS} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { categories, products };
}

async function startServer(env) {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, 'server/dist/main.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const stderr = [];
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr.push(chunk);
    if (stderr.length > 40) stderr.shift();
  });
  child.once('exit', (code) => {
    if (!stopping) {
      process.stderr.write(stderr.join(''));
      log(`the server exited with ${code}`);
      process.exit(1);
    }
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitUntilReady(base, Date.now() + 180_000, child);
  return { child, base };
}
let stopping = false;

/** A node:http server in its own process answering one JSON body from memory. */
async function startBaseline(body) {
  const port = await freePort();
  const source = `
    const body = Buffer.from(process.env.BODY);
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { child, base: `http://127.0.0.1:${port}` };
}

async function json(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Runs one workload; `requests` is a function giving each request's options. */
function load(url, next, expected) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        const answered = Object.entries(result.statusCodeStats ?? {});
        const wrong = answered
          .filter(([code]) => Number(code) !== expected)
          .reduce((sum, [, { count }]) => sum + count, 0);
        resolve({
          // Answers over the whole run: per-second samples round slow workloads down to 0.
          rps: result.requests.total / result.duration,
          answered: result.requests.total,
          p50: result.requests.total > 0 ? result.latency.p50 : NaN,
          p99: result.requests.total > 0 ? result.latency.p99 : NaN,
          wrong,
          // Requests the server did not answer within autocannon's 10 s timeout, or errors.
          unanswered: result.errors + result.timeouts,
        });
      },
    );
  });
}

/**
 * Waits until the server has worked off what the last workload left queued (autocannon stops
 * sending, but the server still answers what it received), so it does not slow the next one:
 * until the category list, a read through the engine, answers quickly twice in a row.
 */
async function settle(base) {
  const deadline = Date.now() + 180_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/v1/category/get-category`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    quick = performance.now() - started < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 200));
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function main() {
  const port = await freePort();
  const env = productionEnv(port, dataDir, {
    JWT_SECRET: 'bench-api-secret-that-is-long-enough-for-production',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'bench-admin-123',
    ADMIN_ANSWER: 'bench',
    SEED_ON_EMPTY: 'false',
    SEED_DEMO: 'false',
    GRAPHQL_COST_BUDGET_WINDOW_MS: '1000',
  });

  const config = loadConfig(env);
  const { categories, products } = await generate(config);

  const server = await startServer(env);
  const { base } = server;
  const enginePid = engineChildOf(server.child.pid);
  await new Promise((r) => setTimeout(r, 2000));
  const idle = { server: rssMb(server.child.pid), engine: enginePid ? rssMb(enginePid) : NaN };

  const tokens = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const body = await json(
      await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `shopper${shopper(i)}@bench.local`,
          password: SHOPPER_PASSWORD,
        }),
      }),
    );
    tokens.push(body.token);
  }
  const { token: adminToken } = await json(
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    }),
  );
  const listBody = await (await fetch(`${base}/api/v1/product/product-list/1`)).text();
  const baseline = await startBaseline(listBody);

  const get = (path) => () => ({ method: 'GET', path });
  const post = (path, body, headers = {}) => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const storefront = {
    query: `query Storefront($page: Int!, $pageSize: Int!, $filter: ProductFilter) {
      products(page: $page, pageSize: $pageSize, filter: $filter) {
        total page pageSize hasMore
        items { id name slug description price quantity photoUrl category { id name } }
      }
    }`,
    variables: { page: 1, pageSize: 6, filter: null },
  };
  const graphql = (query, variables) => post('/graphql', { query, variables });
  const SEARCH = `query Search($search: String!, $page: Int!, $pageSize: Int!) {
    products(search: $search, page: $page, pageSize: $pageSize) {
      total hasMore matchedWords correctedSearch
      items { id name slug price photoUrl category { id name } }
    }
  }`;
  const search = (text) => graphql(SEARCH, { search: text, page: 1, pageSize: 12 });
  const SUGGESTIONS = `query SearchSuggestions($text: String!) {
    searchSuggestions(text: $text) {
      products { id name slug price photoUrl }
      categories { id name slug }
    }
  }`;
  const FACETS = `query Facets($filter: ProductFilter) {
    productFacets(filter: $filter) {
      total inStock
      categories { count category { id name slug } }
      priceBands { label count }
    }
  }`;
  const SHOP_STATS = `query ShopStats($range: StatsRange) {
    shopStats(range: $range) {
      revenue { label days revenue orders previousRevenue change }
      waitingOrders { status count }
      outOfStock lowStock lowStockThreshold
      revenueByDay { date revenue orders }
      topProducts { productId name units revenue product { id slug } }
    }
  }`;
  /** A GraphQL answer with data and no errors, and what `expect` asks of its data. */
  const answered = (expect) => (body) => {
    const { data, errors } = JSON.parse(body);
    if (errors || !data) return `errors: ${JSON.stringify(errors)}`;
    return expect(data) ? null : `unexpected data: ${body.slice(0, 300)}`;
  };

  const workloads = [
    ['raw node:http (same JSON as list)', baseline.base, get('/'), 200],
    ['category list', base, get('/api/v1/category/get-category'), 200],
    ['product-list page 1', base, get('/api/v1/product/product-list/1'), 200],
    [
      'product-filters',
      base,
      () =>
        post('/api/v1/product/product-filters', {
          checked: [String(pick(categories)._id)],
          radio: [100, 400],
        }),
      200,
    ],
    ['search', base, () => ({ method: 'GET', path: `/api/v1/product/search/${pick(WORDS)}` }), 200],
    [
      'product by slug',
      base,
      () => ({ method: 'GET', path: `/api/v1/product/get-product/${pick(products).slug}` }),
      200,
    ],
    [
      'related',
      base,
      () => {
        const p = pick(products);
        return { method: 'GET', path: `/api/v1/product/related-product/${p._id}/${p.category}` };
      },
      200,
    ],
    [
      'photo',
      base,
      () => ({ method: 'GET', path: `/api/v1/product/product-photo/${pick(products)._id}` }),
      200,
    ],
    [
      'photo 304',
      base,
      () => ({
        method: 'GET',
        path: `/api/v1/product/product-photo/${pick(products)._id}`,
        headers: { 'if-none-match': `"${PHOTO_HASH}"` },
      }),
      304,
    ],
    [
      'photo file',
      base,
      () => ({
        method: 'GET',
        path: `/photos/${photoFileOf(Math.floor(Math.random() * PRODUCTS))}`,
      }),
      200,
    ],
    [
      'photo file 304',
      base,
      () => {
        const name = photoFileOf(Math.floor(Math.random() * PRODUCTS));
        return {
          method: 'GET',
          path: `/photos/${name}`,
          headers: { 'if-none-match': `"${name}"` },
        };
      },
      304,
    ],
    ['GraphQL home query', base, () => post('/graphql', storefront), 200],
    /*
     * Searches, suggestions and facets vary as the other workloads do, each request drawn from
     * the texts or filters a shopper would send (70 brand and word pairs, 56 pairs with a typo,
     * 72 texts typed, 49 filters), so after the first of each the answer is kept
     * (CachedResponses), as a shop's popular searches are. "GraphQL search (uncached)" names one product of the
     * whole catalogue by brand, word and number each time, so at 100,000 products hardly any
     * search is asked twice: what a search costs when neither it nor its answer is kept.
     */
    [
      'GraphQL search',
      base,
      () => search(`${pick(BRANDS)} ${pick(WORDS)}`.toLowerCase()),
      200,
      answered((data) => data.products.total > 0 && data.products.correctedSearch === null),
    ],
    [
      'GraphQL typo search',
      base,
      () => search(`${pick(BRANDS)} ${pick(TYPOS)}`.toLowerCase()),
      200,
      answered((data) => data.products.total > 0 && data.products.correctedSearch !== null),
    ],
    [
      'GraphQL suggestions',
      base,
      () => graphql(SUGGESTIONS, { text: pick(TYPED) }),
      200,
      answered((data) => Array.isArray(data.searchSuggestions.products)),
    ],
    [
      'GraphQL facets',
      base,
      () => {
        const [priceMin, priceMax] = pick(BANDS);
        const categoryIds = [String(pick(categories)._id)];
        return graphql(FACETS, { filter: { categoryIds, priceMin, priceMax, inStock: true } });
      },
      200,
      answered((data) => data.productFacets.categories.length === CATEGORIES),
    ],
    /*
     * The admin dashboard's figures over each range, from generated orders spread over 90 days:
     * worked out from the order index once, then kept until an order changes ("one request
     * alone" is the first, worked out).
     */
    [
      'GraphQL shop stats',
      base,
      () =>
        post(
          '/graphql',
          {
            query: SHOP_STATS,
            variables: { range: pick(['LAST_7_DAYS', 'LAST_30_DAYS', 'LAST_90_DAYS']) },
          },
          { authorization: `Bearer ${adminToken}` },
        ),
      200,
      answered(({ shopStats }) => {
        const days = shopStats.revenueByDay;
        return (
          days.filter((day) => day.orders > 0).length === days.length &&
          shopStats.topProducts.length > 0
        );
      }),
    ],
    [
      'GraphQL search (uncached)',
      base,
      () => {
        const i = Math.floor(Math.random() * PRODUCTS);
        return search(`${brandOf(i)} ${wordOf(i)} ${i}`.toLowerCase());
      },
      200,
      answered((data) => data.products.total > 0),
    ],
    [
      'login',
      base,
      () =>
        post('/api/v1/auth/login', {
          email: `shopper${shopper(Math.floor(Math.random() * SHOPPERS))}@bench.local`,
          password: SHOPPER_PASSWORD,
        }),
      200,
    ],
    [
      'my-orders',
      base,
      () => ({
        method: 'GET',
        path: '/api/v1/auth/orders',
        headers: { authorization: `Bearer ${pick(tokens)}` },
      }),
      200,
    ],
    [
      'checkout',
      base,
      () =>
        post(
          '/api/v1/product/checkout',
          { lines: [{ productId: String(pick(products)._id), quantity: 1 }], card: APPROVED_CARD },
          { authorization: `Bearer ${pick(tokens)}`, 'idempotency-key': randomUUID() },
        ),
      201,
    ],
  ];
  const only = args.only?.split(',').map((s) => s.trim());
  const results = [];
  for (const [name, url, next, expected, accept] of workloads) {
    if (only && !['raw node:http (same JSON as list)', 'category list', ...only].includes(name)) {
      continue;
    }
    // One request alone first: checks the workload is answered as expected, and times it.
    const probe = next();
    const t = performance.now();
    const answer = await fetch(`${url}${probe.path}`, probe);
    const alone = performance.now() - t;
    if (answer.status !== expected) {
      throw new Error(
        `${name}: ${probe.method} ${probe.path} answered ${answer.status}: ${await answer.text()}`,
      );
    }
    const body = await answer.text();
    const refused = accept?.(body);
    if (refused) throw new Error(`${name}: ${probe.method} ${probe.path}: ${refused}`);
    log(`${name} (${DURATION} s; one request alone: ${alone.toFixed(0)} ms)`);
    const result = { name, alone, ...(await load(url, next, expected)) };
    result.rss = rssMb(server.child.pid);
    results.push(result);
    log(
      `  ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.answered} answers, ${result.unanswered} timeouts`,
    );
    await settle(base);
  }
  const after = { server: rssMb(server.child.pid), engine: enginePid ? rssMb(enginePid) : NaN };

  stopping = true;
  server.child.kill('SIGTERM');
  baseline.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));

  const raw = results.find((r) => r.name.startsWith('raw')).rps;
  const categoryList = results.find((r) => r.name === 'category list').rps;
  const n = (v, d = 0) =>
    Number.isFinite(v)
      ? v.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d })
      : '-';
  const rows = results.map((r) => [
    r.name,
    n(r.rps),
    n(r.p50, r.p50 < 10 ? 1 : 0),
    n(r.p99, r.p99 < 10 ? 1 : 0),
    n(r.rps / categoryList, 2),
    `${n((100 * r.rps) / raw, r.rps / raw < 0.01 ? 3 : 1)}%`,
    n(r.rss),
    n(r.alone),
    n(r.answered),
    String(r.wrong),
    String(r.unanswered),
  ]);
  const header = [
    'workload',
    'req/s',
    'p50 ms',
    'p99 ms',
    '× category list',
    '% of raw',
    'server RSS MB',
    'alone ms',
    'answers',
    'wrong status',
    'timeouts',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `\n${PRODUCTS.toLocaleString('en')} products, ${USERS.toLocaleString('en')} users, ${ORDERS.toLocaleString('en')} orders; ` +
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per workload; node ${process.version}\n`,
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nRSS MB: server ${n(idle.server)} idle, ${n(after.server)} after load; ` +
      `engine ${n(idle.engine)} idle, ${n(after.engine)} after load`,
  );
  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ products: PRODUCTS, results, idle, after }));
  }
  // Slowness is what this measures; a wrong answer is a broken harness or server.
  const failed = results.filter((r) => r.wrong > 0);
  if (failed.length > 0) {
    log(`answers with another status than expected in: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

/** Runs this script for each size in a child process, then compares the two. */
async function compareSizes(sizes) {
  const runs = [];
  for (const size of sizes) {
    const json = join(dataDir, `results-${size}.json`);
    const extra = process.argv.slice(2);
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [new URL(import.meta.url).pathname, '--products', String(size), '--json', json, ...extra],
        { stdio: 'inherit' },
      );
      children.push(child);
      child.once('exit', resolve);
    });
    if (code !== 0) process.exit(code ?? 1);
    runs.push(JSON.parse(readFileSync(json, 'utf8')));
  }
  const [small, large] = runs;
  const rate = (run, name) => run.results.find((r) => r.name === name)?.rps ?? NaN;
  const raw = rate(large, 'raw node:http (same JSON as list)');
  const list = rate(large, 'category list');
  const CATALOGUE = [
    'product-list page 1',
    'product-filters',
    'search',
    'product by slug',
    'related',
    'GraphQL home query',
    'GraphQL search',
    'GraphQL typo search',
    'GraphQL suggestions',
    'GraphQL facets',
  ];
  const ACCOUNTS = ['login', 'my-orders', 'checkout'];
  // Shown for what a search costs when no answer is kept; no target, it is not in the met.
  const UNCACHED = ['GraphQL search (uncached)'];
  const fmt = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
  const rows = [];
  let met = true;
  for (const name of [...CATALOGUE, ...ACCOUNTS, ...UNCACHED]) {
    const r = large.results.find((x) => x.name === name);
    const s = small.results.find((x) => x.name === name);
    if (!r || !s) continue;
    const vsList = r.rps / list;
    const vsRaw = (100 * r.rps) / raw;
    // A workload with no answers has no p50 (null in the JSON): not met.
    const growth = r.answered > 0 && s.answered > 0 ? r.p50 / s.p50 : NaN;
    const catalogue = !ACCOUNTS.includes(name);
    const ok = growth <= 1.5 && (!catalogue || (vsList >= 0.7 && vsRaw >= 5));
    const counted = !UNCACHED.includes(name);
    if (counted) met &&= ok;
    rows.push(
      `| ${name.padEnd(24)} | ${fmt(s.p50, 1).padStart(11)} | ${fmt(r.p50, 1).padStart(13)} | ` +
        `${fmt(growth).padStart(6)} | ${(catalogue ? fmt(vsList) : '').padStart(15)} | ` +
        `${(catalogue ? `${fmt(vsRaw, 1)}%` : '').padStart(8)} | ${counted ? (ok ? 'yes' : 'NO ') : '-  '}  |`,
    );
  }
  const rss = large.after.server + (large.after.engine || 0);
  met &&= large.after.server <= 600;
  console.log(
    `\n${small.products.toLocaleString('en')} against ${large.products.toLocaleString('en')} products ` +
      `(targets: p50 growth <= 1.5; catalogue >= 0.70x category list and >= 5% of raw)\n`,
  );
  console.log(
    '| workload                 | p50 ms (1k) | p50 ms (100k) | growth | × category list | % of raw | met  |',
  );
  console.log(
    '| ------------------------ | ----------- | ------------- | ------ | --------------- | -------- | ---- |',
  );
  for (const row of rows) console.log(row);
  console.log(
    `\nRSS after load at ${large.products.toLocaleString('en')} products: server ` +
      `${fmt(large.after.server, 0)} MB (target <= 600), engine ${fmt(large.after.engine, 0)} MB, ` +
      `together ${fmt(rss, 0)} MB`,
  );
  console.log(met ? '\nevery target met' : '\nsome targets not met (NO above)');
  photoSummary(small, large, fmt);
}

/**
 * Photos (issue 17): requests/s at both sizes, flat when the larger keeps at least 80% of
 * the smaller's rate (the machines are noisy); and how much faster a 304 is answered than
 * the full file at the larger size (target 10x).
 */
function photoSummary(small, large, fmt) {
  const rate = (run, name) => run.results.find((r) => r.name === name)?.rps ?? NaN;
  console.log(
    `\nPhotos: req/s at ${small.products.toLocaleString('en')} and ${large.products.toLocaleString('en')} products ` +
      '(targets: flat, 100k/1k >= 0.8; 304 >= 10x the full answer)\n',
  );
  console.log('| workload       | req/s (1k) | req/s (100k) | 100k/1k | 304 / full (100k) |');
  console.log('| -------------- | ---------- | ------------ | ------- | ----------------- |');
  for (const full of ['photo', 'photo file']) {
    const revalidated = `${full} 304`;
    for (const name of [full, revalidated]) {
      const flat = rate(large, name) / rate(small, name);
      const faster = name === revalidated ? rate(large, name) / rate(large, full) : NaN;
      console.log(
        `| ${name.padEnd(14)} | ${fmt(rate(small, name), 0).padStart(10)} | ${fmt(rate(large, name), 0).padStart(12)} | ` +
          `${fmt(flat).padStart(7)} | ${(name === revalidated ? `${fmt(faster, 1)}x` : '').padStart(17)} |`,
      );
    }
  }
}

const sizeGiven = args.products !== undefined || args.quick;
(sizeGiven ? main() : compareSizes([1000, 100_000])).catch((error) => {
  console.error(error);
  process.exit(1);
});
