import { ApolloServer } from '@apollo/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, MockInstance, vi } from 'vitest';
import { Catalogue } from '../../src/catalogue/read-model/catalogue';
import { CachedResponses } from '../../src/catalogue/read-model/cached-responses';
import { ProductReads } from '../../src/catalogue/products/product-reads.service';
import { APP_CONFIG, AppConfig } from '../../src/config/config';
import { checkout, updateProduct } from '../support/fixtures';
import { gql } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';

/** The home page's query, as the storefront sends it. */
const HOME = `query Home($page: Int!, $pageSize: Int!) {
  products(page: $page, pageSize: $pageSize) {
    total hasMore items { id name slug price quantity photoUrl category { id name } }
  }
}`;
const HOME_VARIABLES = { page: 1, pageSize: 6 };
/** What Apollo Client sends. */
const APOLLO_CLIENT_ACCEPT = 'application/graphql-response+json,application/json;q=0.9';

describe('Storefront answers kept while the catalogue is unchanged', () => {
  const shop = useTestShop({ seed: true });
  let products: ProductReads;

  beforeAll(() => {
    products = shop.app.get(ProductReads);
  });
  afterEach(() => vi.restoreAllMocks());

  const search = (word: string) => shop.http().get(`/api/v1/product/search/${word}`);
  const home = (accept?: string, session?: Session) => {
    const request = shop.http().post('/graphql').set('Content-Type', 'application/json');
    if (accept) request.set('Accept', accept);
    if (session) request.set(session.auth);
    return request.send({ query: HOME, variables: HOME_VARIABLES });
  };
  const setPrice = (id: string, price: number) => updateProduct(shop, shop.admin, id, { price });

  describe('REST', () => {
    it('sends a repeated search as it was sent, without working it out again', async () => {
      const first = await search('phone').expect(200);
      const worked = vi.spyOn(products, 'list');
      const again = await search('phone').expect(200);
      expect(worked).not.toHaveBeenCalled();
      expect(again.text).toBe(first.text);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
      expect(Number(again.headers['x-total-count'])).toBeGreaterThan(0);
      expect(again.headers.etag).toMatch(/^W\/"/);
      expect(again.headers.etag).toBe(first.headers.etag);
      await search('phone').set('If-None-Match', first.headers.etag).expect(304);
    });

    it('keeps filters apart by body, and an answer per page', async () => {
      const filters = (radio: number[]) =>
        shop.http().post('/api/v1/product/product-filters').send({ checked: [], radio });
      const cheap = (await filters([0, 1000]).expect(200)).body.products;
      const dear = (await filters([1001, 1_000_000]).expect(200)).body.products;
      expect(cheap.every((p: { price: number }) => p.price <= 1000)).toBe(true);
      expect(dear.every((p: { price: number }) => p.price > 1000)).toBe(true);
      expect((await filters([0, 1000]).expect(200)).body.products).toEqual(cheap);

      const page = (n: number) => shop.http().get(`/api/v1/product/product-list/${n}`).expect(200);
      const [one, two] = [(await page(1)).body.products, (await page(2)).body.products];
      expect((await page(2)).body.products).toEqual(two);
      expect(two.map((p: { _id: string }) => p._id)).not.toContain(one[0]._id);
    });

    it('never keeps a refusal: bad input is checked every time', async () => {
      const bad = () =>
        shop
          .http()
          .post('/api/v1/product/product-filters')
          .send({ checked: [], radio: [5] });
      const worked = vi.spyOn(products, 'list');
      await bad().expect(400);
      await bad().expect(400);
      expect(worked).not.toHaveBeenCalled();
      await search('%00').expect(400);
      await search('%00').expect(400);
    });

    it('shows a price change and a sale at once', async () => {
      const [product] = JSON.parse((await search('phone').expect(200)).text);
      await setPrice(product._id, 1234);
      const priced = JSON.parse((await search('phone').expect(200)).text);
      expect(priced.find((p: { _id: string }) => p._id === product._id).price).toBe(1234);

      const before = priced.find((p: { _id: string }) => p._id === product._id).quantity;
      await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 1 }]).expect(201);
      const sold = JSON.parse((await search('phone').expect(200)).text);
      expect(sold.find((p: { _id: string }) => p._id === product._id).quantity).toBe(before - 1);
    });
  });

  describe('GraphQL', () => {
    it('answers a repeated public query without running it, and charges its cost each time', async () => {
      const first = await home(APOLLO_CLIENT_ACCEPT).expect(200);
      const worked = vi.spyOn(products, 'page');
      const again = await home(APOLLO_CLIENT_ACCEPT).expect(200);
      expect(worked).not.toHaveBeenCalled();
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-type']).toBe(
        'application/graphql-response+json; charset=utf-8',
      );
      expect(again.body.data).toEqual(first.body.data);
      expect(again.body.data.products.items).toHaveLength(6);
      const [cost, costAgain] = [first.body.extensions.cost, again.body.extensions.cost];
      expect(costAgain.requested).toBe(cost.requested);
      expect(costAgain.limit).toBe(cost.limit);
      expect(costAgain.remaining).toBe(cost.remaining - cost.requested);
      // Byte for byte what Apollo sends, but for what is left of the budget.
      expect(again.text.replace(/"remaining":\d+/, '')).toBe(
        first.text.replace(/"remaining":\d+/, ''),
      );
    });

    it('chooses the content type by the Accept header as Apollo does', async () => {
      for (const accept of [undefined, '*/*', 'application/json', APOLLO_CLIENT_ACCEPT]) {
        const apollo = await gql(shop, '{ categories { id name } }', {});
        expect(apollo.status).toBe(200);
        const first = await home(accept).expect(200);
        const again = await home(accept).expect(200);
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
      }
      expect((await home().expect(200)).headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
    });

    it('is the same for a signed-in viewer', async () => {
      const anonymous = await home().expect(200);
      const signedIn = await home(undefined, shop.shopper).expect(200);
      expect(signedIn.body.data).toEqual(anonymous.body.data);
      expect(signedIn.body.extensions.cost.requested).toBe(
        anonymous.body.extensions.cost.requested,
      );
    });

    it('never keeps an answer that asks for anything but the catalogue', async () => {
      const mixed = '{ products(pageSize: 2) { total } me { email } }';
      const worked = vi.spyOn(products, 'page');
      const first = await gql<{ me: { email: string } }>(shop, mixed, {}, shop.shopper);
      expect(first.data?.me.email).toBeTruthy();
      // The same text from someone else must reach the resolvers, which find no viewer.
      const other = await gql<{ me: { email: string } | null }>(shop, mixed, {});
      expect(other.data?.me).toBeNull();
      expect(worked).toHaveBeenCalledTimes(2);

      const orders = '{ orders(pageSize: 1) { total } products(pageSize: 1) { total } }';
      expect((await gql(shop, orders, {}, shop.admin)).errors).toBeUndefined();
      const refused = await gql(shop, orders, {});
      expect(refused.errors).toHaveLength(1);
      expect(refused.data).toBeNull();
    });

    it('never keeps an answer with errors, nor a mutation', async () => {
      const tooBig = '{ products(pageSize: 500) { total } }';
      const worked = vi.spyOn(products, 'page');
      expect((await gql(shop, tooBig)).errors).toBeDefined();
      expect((await gql(shop, tooBig)).errors).toBeDefined();
      const login = `mutation { login(email: "nobody@example.in", password: "wrong-password") { token } }`;
      expect((await gql(shop, login)).errors?.[0].extensions?.code).toBeDefined();
      expect((await gql(shop, login)).errors?.[0].extensions?.code).toBeDefined();
      expect(worked).not.toHaveBeenCalled();
    });

    it('shows a price change at once', async () => {
      const items = (await home().expect(200)).body.data.products.items;
      await setPrice(items[0].id, 4321);
      const after = (await home().expect(200)).body.data.products.items;
      expect(after[0].price).toBe(4321);
    });
  });

  describe('a public query with no stored answer', () => {
    /** The product page's query as the storefront sends it, slug by slug. */
    const PAGE = `query ProductPage($slug: String!) {
      product(slug: $slug) { id name slug price quantity stockLevel updatedAt category { id name }
        variants { sku quantity } photo { width src sources { type srcSet } } }
    }`;
    const page = (slug: unknown, text = PAGE) =>
      shop
        .http()
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .send({ query: text, variables: { slug } });
    const slugs = async (count: number): Promise<{ id: string; slug: string }[]> =>
      (
        await gql<{ products: { items: { id: string; slug: string }[] } }>(
          shop,
          `{ products(page: 3, pageSize: ${count}) { items { id slug } } }`,
        )
      ).data!.products.items;
    let apollo: MockInstance;
    beforeEach(() => {
      apollo = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
    });

    it('is run without Apollo once Apollo has accepted its text twice, and answered as Apollo answers it', async () => {
      const [first, second, third] = await slugs(3);
      const text = `${PAGE} # first asked here`;
      apollo.mockClear();
      const accepted = await page(first.slug, text).expect(200);
      await page(second.slug, text).expect(200);
      expect(apollo).toHaveBeenCalledTimes(2);
      const worked = vi.spyOn(products, 'findBySlug');
      const run = await page(third.slug, text).expect(200);
      expect(apollo).toHaveBeenCalledTimes(2);
      expect(worked).toHaveBeenCalledTimes(1);
      expect(run.body.data.product.slug).toBe(third.slug);

      // The same request as a text Apollo has not seen goes to Apollo: the answers are the same.
      await updateProduct(shop, shop.admin, third.id, { price: 777 });
      const byApollo = await page(third.slug, `${text} `).expect(200);
      expect(apollo).toHaveBeenCalledTimes(3);
      const again = await page(third.slug, text).expect(200);
      expect(apollo).toHaveBeenCalledTimes(3);
      expect(worked).toHaveBeenCalledTimes(3);
      expect(again.body.data.product.price).toBe(777);
      expect(again.headers['content-type']).toBe(byApollo.headers['content-type']);
      const { cost } = accepted.body.extensions;
      expect(again.text.replace(/"remaining":\d+/, '')).toBe(
        byApollo.text.replace(/"remaining":\d+/, ''),
      );
      expect(again.body.extensions.cost.requested).toBe(cost.requested);
      expect(again.body.extensions.cost.remaining).toBe(
        byApollo.body.extensions.cost.remaining - cost.requested,
      );

      // Asked a second time, its answer was stored: asked again, nothing is run.
      const stored = await page(third.slug, text).expect(200);
      expect(stored.body).toEqual({
        ...again.body,
        extensions: {
          cost: { ...cost, remaining: again.body.extensions.cost.remaining - cost.requested },
        },
      });
      expect(worked).toHaveBeenCalledTimes(3);
    });

    it('lets no browser or proxy keep an answer, from Apollo or run before it', async () => {
      const [first, second, third] = await slugs(3);
      const text = `${PAGE} # headers`;
      apollo.mockClear();
      const answers = [];
      for (const { slug } of [first, second, third, third]) {
        answers.push(await page(slug, text).expect(200));
      }
      expect(apollo).toHaveBeenCalledTimes(2);
      for (const answer of answers) expect(answer.headers['cache-control']).toBeUndefined();
    });

    it('leaves bad variables to Apollo, which refuses them as before', async () => {
      const [first] = await slugs(1);
      await page(first.slug).expect(200);
      apollo.mockClear();
      const refused = await page(5);
      expect(apollo).toHaveBeenCalledTimes(1);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(refused.body.data).toBeUndefined();
      const missing = await page(undefined);
      expect(missing.status).toBe(400);
      expect(apollo).toHaveBeenCalledTimes(2);
    });

    it('shows the units left of a product sold, and drops it when it runs out', async () => {
      const [first, second, sold] = await slugs(3);
      await page(first.slug).expect(200);
      await page(second.slug).expect(200);
      await updateProduct(shop, shop.admin, sold.id, { quantity: 2 });
      apollo.mockClear();
      const units = async () => (await page(sold.slug).expect(200)).body.data.product;
      expect((await units()).quantity).toBe(2);
      expect((await units()).quantity).toBe(2);
      await checkout(shop, shop.shopper, [{ productId: sold.id, quantity: 1 }]).expect(201);
      const left = await units();
      expect(left.quantity).toBe(1);
      expect(left.variants[0].quantity).toBe(1);
      await checkout(shop, shop.shopper, [{ productId: sold.id, quantity: 1 }]).expect(201);
      expect((await units()).stockLevel).toBe('OUT_OF_STOCK');
      expect(apollo).not.toHaveBeenCalled();
    });

    it('never runs a text that can ask for more than the catalogue, even when it did not', async () => {
      const MIXED = `query Mixed($withMe: Boolean!, $size: Int!) {
        products(pageSize: $size) { total }
        me @include(if: $withMe) { email }
      }`;
      const mixed = (withMe: boolean, size: number, session?: Session) =>
        gql<{ me?: { email: string } | null }>(shop, MIXED, { withMe, size }, session);
      apollo.mockClear();
      // Accepted twice without the viewer, then asked twice with one, then without.
      expect((await mixed(false, 1)).data?.me).toBeUndefined();
      expect((await mixed(false, 2)).data?.me).toBeUndefined();
      expect((await mixed(true, 1, shop.shopper)).data?.me?.email).toBeTruthy();
      expect((await mixed(true, 1, shop.shopper)).data?.me?.email).toBeTruthy();
      expect((await mixed(true, 1)).data?.me).toBeNull();
      expect(apollo).toHaveBeenCalledTimes(5);
    });
  });

  describe('when stock changes', () => {
    type Item = { id: string; quantity: number };
    const homeItems = async (): Promise<Item[]> =>
      (await home().expect(200)).body.data.products.items;
    /** A product of the seeded shop not on the home page, with `quantity` units. */
    const awayFromHome = async (quantity: number): Promise<string> => {
      const shown = new Set((await homeItems()).map((item) => item.id));
      const { items } = (
        await gql<{ products: { items: Item[] } }>(
          shop,
          '{ products(page: 2, pageSize: 12) { items { id quantity } } }',
        )
      ).data!.products;
      const away = items.find((item) => !shown.has(item.id))!;
      await updateProduct(shop, shop.admin, away.id, { quantity });
      return away.id;
    };
    const buy = (id: string) =>
      checkout(shop, shop.shopper, [{ productId: id, quantity: 1 }]).expect(201);

    it('keeps answers that do not show the product sold', async () => {
      const away = await awayFromHome(50);
      const before = await homeItems();
      await search('phone').expect(200);
      const worked = vi.spyOn(products, 'page');
      await buy(away);
      expect(await homeItems()).toEqual(before);
      expect(worked).not.toHaveBeenCalled();
    });

    it('shows the units left of a product sold, in GraphQL and REST answers kept before', async () => {
      const [sold] = await homeItems();
      await updateProduct(shop, shop.admin, sold.id, { quantity: 20 });
      expect((await homeItems())[0].quantity).toBe(20);
      const listed = async () =>
        (await shop.http().get('/api/v1/product/product-list/1').expect(200)).body.products.find(
          (p: { _id: string }) => p._id === sold.id,
        ).quantity;
      expect(await listed()).toBe(20);
      await buy(sold.id);
      expect((await homeItems())[0].quantity).toBe(19);
      expect(await listed()).toBe(19);
      await buy(sold.id);
      expect((await homeItems())[0].quantity).toBe(18);
      expect(await listed()).toBe(18);
    });

    it("shows the units left of a product's variant sold, asked for without the product's", async () => {
      const [sold] = (await home().expect(200)).body.data.products.items as (Item & {
        slug: string;
      })[];
      await updateProduct(shop, shop.admin, sold.id, { quantity: 20 });
      const variantUnits = async () =>
        (
          await gql<{ product: { variants: { quantity: number }[] } }>(
            shop,
            `{ product(slug: "${sold.slug}") { variants { quantity } } }`,
          )
        ).data!.product.variants.map((variant) => variant.quantity);
      expect(await variantUnits()).toEqual([20]);
      await buy(sold.id);
      expect(await variantUnits()).toEqual([19]);
    });

    it('drops a list by stock level when any stock changes', async () => {
      const away = await awayFromHome(50);
      const { lowStockThreshold } = shop.app.get<AppConfig>(APP_CONFIG);
      const low = async () =>
        (
          await gql<{ products: { items: { id: string }[] } }>(
            shop,
            '{ products(pageSize: 50, filter: { stock: LOW_STOCK }) { items { id } } }',
          )
        ).data!.products.items.map((item) => item.id);
      await updateProduct(shop, shop.admin, away, { quantity: lowStockThreshold + 1 });
      expect(await low()).not.toContain(away);
      await buy(away);
      expect(await low()).toContain(away);
    });

    it('drops every answer when a product runs out, or comes back', async () => {
      const away = await awayFromHome(1);
      await homeItems();
      const worked = vi.spyOn(products, 'page');
      await buy(away);
      await homeItems();
      expect(worked).toHaveBeenCalledTimes(1);
      await homeItems();
      await updateProduct(shop, shop.admin, away, { quantity: 3 });
      await homeItems();
      expect(worked).toHaveBeenCalledTimes(2);
    });
  });

  /** A catalogue where product `a`'s stock changes at the stock versions in `changedAt`. */
  const catalogueOf = (changedAt: number[]) => ({
    version: 1,
    stockVersion: 0,
    stockChangedSince: (id: string, since: number) =>
      id === 'a' && changedAt.some((at) => at > since),
  });

  it('drops an answer worked out while the catalogue changed', () => {
    const catalogue = catalogueOf([]);
    const answers = new CachedResponses(catalogue as unknown as Catalogue);
    const answer = { body: Buffer.from('[]') };
    const started = answers.state;
    catalogue.version = 2;
    answers.store(started, 'key', answer);
    expect(answers.find('key')).toBeUndefined();
    answers.store(answers.state, 'key', answer);
    expect(answers.find('key')).toEqual(answer);
    catalogue.version = 3;
    expect(answers.find('key')).toBeUndefined();
  });

  it('stores an answer run for a request only when the request is asked again', () => {
    const answers = new CachedResponses(catalogueOf([]) as unknown as Catalogue);
    const answer = { body: Buffer.from('[]') };
    const worked = vi.fn(() => answer);
    answers.storeOnSecondAsking(answers.state, 'page of a', worked);
    answers.storeOnSecondAsking(answers.state, 'page of b', worked);
    expect(answers.find('page of a')).toBeUndefined();
    expect(worked).not.toHaveBeenCalled();
    answers.storeOnSecondAsking(answers.state, 'page of a', worked);
    expect(answers.find('page of a')).toEqual(answer);
    expect(answers.find('page of b')).toBeUndefined();
  });

  it('drops an answer once the stock it shows changes, and only that one', () => {
    const changedAt: number[] = [];
    const catalogue = catalogueOf(changedAt);
    const answers = new CachedResponses(catalogue as unknown as Catalogue);
    const showsA = { body: Buffer.from('[1]'), stockShown: ['b', 'a'] };
    const showsB = { body: Buffer.from('[2]'), stockShown: ['b'] };
    answers.store(answers.state, 'a', showsA);
    answers.store(answers.state, 'b', showsB);
    changedAt.push((catalogue.stockVersion = 1));
    expect(answers.find('a')).toBeUndefined();
    expect(answers.find('b')).toEqual(showsB);

    // Worked out from stock version 1 while a's stock changed again: not kept.
    const started = answers.state;
    changedAt.push((catalogue.stockVersion = 2));
    answers.store(started, 'a', showsA);
    expect(answers.find('a')).toBeUndefined();
    answers.store(answers.state, 'a', showsA);
    expect(answers.find('a')).toEqual(showsA);
  });

  it('holds its bytes alone, not the pool the text was written into', () => {
    const answers = new CachedResponses(catalogueOf([]) as unknown as Catalogue);
    const text = '{"products":[]}';
    // Two answers, each a slice of Node's pool, as two requests make them.
    const [first, second] = [Buffer.from(text), Buffer.from(text.toUpperCase())];
    expect([first.buffer.byteLength, second.buffer.byteLength]).toEqual([
      Buffer.poolSize,
      Buffer.poolSize,
    ]);
    answers.store(answers.state, 'first', { body: first });
    answers.store(answers.state, 'second', { body: second });

    const kept = answers.find('first')!.body;
    expect(kept.toString()).toBe(text);
    expect(kept.buffer.byteLength).toBe(Buffer.byteLength(text));
    expect(kept.buffer).not.toBe(answers.find('second')!.body.buffer);
  });

  it('keeps a body with memory of its own as it is', () => {
    const answers = new CachedResponses(catalogueOf([]) as unknown as Catalogue);
    const body = Buffer.from('x'.repeat(40_000));
    answers.store(answers.state, 'long', { body });
    expect(answers.find('long')!.body).toBe(body);
  });
});
