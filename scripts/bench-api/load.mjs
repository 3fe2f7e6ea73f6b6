// The load benchmark's workloads: what each one asks of the server (or of the raw baseline),
// one request of it alone to check the answer and time it, then autocannon for the duration.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { log } from './common.mjs';
import {
  BRANDS,
  CATEGORIES,
  PHOTO_HASH,
  SHOPPERS,
  SHOPPER_PASSWORD,
  WORDS,
  brandOf,
  photoFileOf,
  shopper,
  shopperEmail,
  wordOf,
} from './data.mjs';
import { memoryOf, quietOf, startBaseline } from './server.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');

const APPROVED_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123' };
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
/**
 * Checkouts a second sent beside the home query, and the connections they are sent on; the
 * report prints the rate answered, which a busy machine may hold below this.
 */
const CHECKOUTS_BESIDE = 10;
const CHECKOUT_CONNECTIONS = 10;
export const HOME_DURING_CHECKOUTS = `GraphQL home query (${CHECKOUTS_BESIDE} checkouts/s beside)`;
/** Always run, first: the two every other workload is compared with. */
export const RAW = 'raw node:http (same JSON as list)';
export const CATEGORY_LIST = 'category list';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

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
/** The storefront's product page (client/src/features/product/product.graphql), fragments spelled out. */
const PRODUCT_PAGE = `query ProductDetails($slug: String!) {
    product(slug: $slug) {
      id name slug description price quantity photoUrl shipping
      photo { width height src sources { type srcSet } }
      category { id name }
    }
  }`;
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

async function json(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Signs in at the server at `base` and gives the token. */
async function signIn(base, email, password) {
  const { token } = await json(
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  return token;
}

/**
 * Each workload as [name, base URL, the next request's options, the status expected,
 * optionally a check of the answer's body giving what is wrong with it, and optionally a load
 * run beside it at a fixed rate ({ next, expected, rate }), whose answers are not counted in
 * the workload's].
 */
function workloadsOf({ base, baseline, categories, products, tokens, adminToken, sizes }) {
  const checkout = () => {
    const product = pick(products);
    const line = {
      productId: String(product._id),
      variantId: String(product.variant),
      quantity: 1,
    };
    return post(
      '/api/v1/product/checkout',
      { lines: [line], card: APPROVED_CARD },
      { authorization: `Bearer ${pick(tokens)}`, 'idempotency-key': randomUUID() },
    );
  };
  return [
    [RAW, baseline.base, get('/'), 200],
    [CATEGORY_LIST, base, get('/api/v1/category/get-category'), 200],
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
    /* A different product each time, so at 100,000 products hardly any answer is kept. */
    [
      'GraphQL product by slug',
      base,
      () => graphql(PRODUCT_PAGE, { slug: pick(products).slug }),
      200,
      answered((data) => data.product !== null),
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
        path: `/photos/${photoFileOf(Math.floor(Math.random() * sizes.products))}`,
      }),
      200,
    ],
    [
      'photo file 304',
      base,
      () => {
        const name = photoFileOf(Math.floor(Math.random() * sizes.products));
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
     * The same while shoppers buy: each checkout changes a product's stock, which must not
     * empty the stored answers that do not show it (docs/decisions/018).
     */
    [
      HOME_DURING_CHECKOUTS,
      base,
      () => post('/graphql', storefront),
      200,
      undefined,
      { next: checkout, expected: 201, rate: CHECKOUTS_BESIDE },
    ],
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
        const i = Math.floor(Math.random() * sizes.products);
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
          email: shopperEmail(shopper(Math.floor(Math.random() * SHOPPERS), sizes.users)),
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
    ['checkout', base, checkout, 201],
  ];
}

/** Runs one workload; `next` gives each request's options; `overallRate` caps its requests a second. */
function load(url, next, expected, { connections, duration, overallRate }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        ...(overallRate && { overallRate }),
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

/** How long the server is warmed before the first workload. */
const WARM_UP_SECONDS = 3;

/**
 * Signs in the shoppers and the administrator, starts the raw baseline on the product list's
 * JSON, and runs each workload (those of `options.only` and the two compared with) in turn.
 * Gives the results, each with the server's RSS after it, and the baseline to stop.
 */
export async function runWorkloads(server, env, { categories, products }, options) {
  const { base } = server;
  const tokens = [];
  for (let i = 0; i < SHOPPERS; i++) {
    tokens.push(await signIn(base, shopperEmail(shopper(i, options.users)), SHOPPER_PASSWORD));
  }
  const adminToken = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  const listBody = await (await fetch(`${base}/api/v1/product/product-list/1`)).text();
  const baseline = await startBaseline(listBody);

  const workloads = workloadsOf({
    base,
    baseline,
    categories,
    products,
    tokens,
    adminToken,
    sizes: options,
  });
  const only = options.only?.split(',').map((s) => s.trim());
  // Unmeasured, so the first workload is not the one that warms the server: its young
  // generation regrows after the collection that follows its start (server/src/heap.ts).
  const [, warmUrl, warmNext, warmExpected] = workloads.find(([name]) => name === CATEGORY_LIST);
  await quietOf(server);
  await load(warmUrl, warmNext, warmExpected, { ...options, duration: WARM_UP_SECONDS });
  const results = [];
  for (const [name, url, next, expected, accept, beside] of workloads) {
    if (only && ![RAW, CATEGORY_LIST, ...only].includes(name)) continue;
    const waited = await quietOf(server);
    if (waited > 1_000) log(`(waited ${(waited / 1000).toFixed(1)} s for the server to be idle)`);
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
    log(`${name} (${options.duration} s; one request alone: ${alone.toFixed(0)} ms)`);
    const besideRun =
      beside &&
      load(url, beside.next, beside.expected, {
        connections: CHECKOUT_CONNECTIONS,
        duration: options.duration,
        overallRate: beside.rate,
      });
    const result = { name, alone, ...(await load(url, next, expected, options)) };
    if (besideRun) {
      result.beside = await besideRun;
      result.wrong += result.beside.wrong;
      log(`  beside it: ${result.beside.rps.toFixed(1)} answers/s, ${result.beside.wrong} wrong`);
    }
    result.rss = memoryOf(server).server;
    results.push(result);
    log(
      `  ${result.rps.toFixed(1)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.answered} answers, ${result.unanswered} timeouts`,
    );
    await settle(base);
  }
  return { results, baseline };
}
