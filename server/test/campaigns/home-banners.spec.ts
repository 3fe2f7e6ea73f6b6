import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/shared/banner-rules';
import { expectError, missingId, newProduct } from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { TestShop, useTestShop } from '../support/test-app';

const REST = '/api/v1/settings/banners';
const PUBLIC_REST = '/api/v1/home-banners';

const BANNER_FIELDS = `
  id title text buttonLabel background textColour shown
  link { kind category search productIds coupon }
`;
const HOME_BANNERS = `{ homeBanners { ${BANNER_FIELDS} } }`;
const ALL_BANNERS = `{ allHomeBanners { ${BANNER_FIELDS} } }`;
const UPDATE_BANNERS = `
  mutation ($input: HomeBannersInput!) { updateHomeBanners(input: $input) { ${BANNER_FIELDS} } }
`;
const COLLECTION = `
  query ($id: ID!) { bannerCollection(id: $id) { banner { id title } products { id name } } }
`;

interface BannerView {
  id: string;
  title: string;
  text: string;
  buttonLabel: string;
  background: string;
  textColour: string;
  shown: boolean;
  link: {
    kind: string;
    category: string | null;
    search: string | null;
    productIds: string[];
    coupon: string | null;
  };
}

/** A banner as the admin sends it, readable, leading to the Electronics category. */
const banner = (changes: Record<string, unknown> = {}) => ({
  title: 'Festive Sale',
  text: 'Up to 40% off',
  buttonLabel: 'Shop now',
  background: '#7a1f1f',
  textColour: '#ffffff',
  link: { kind: 'CATEGORY', category: 'electronics' },
  ...changes,
});

async function setBanners(shop: TestShop, banners: unknown[]): Promise<BannerView[]> {
  const answer = await gqlOk<{ updateHomeBanners: BannerView[] }>(
    shop,
    UPDATE_BANNERS,
    { input: { banners } },
    shop.admin,
  );
  return answer.updateHomeBanners;
}

/**
 * The home page's banners, on both APIs: the demo's, an edit kept whole in order, each link
 * kind, hidden banners left out of the storefront's list, every bad field refused naming it
 * with nothing changed, and only admins edit.
 */
describe('home banners: GraphQL homeBanners / allHomeBanners / updateHomeBanners, REST /api/v1/home-banners and /api/v1/settings/banners', () => {
  const shop = useTestShop({ seed: true });

  /** The section as stored, to show a refusal wrote nothing. */
  const stored = () =>
    shop.connection.collection('shop_settings').findOne({ _id: 'home-banners' as never });

  it('the demo shop shows a sale, the new arrivals and the first-order coupon, each contrasting enough', async () => {
    // Before any test here edits them: the seed's own.
    const { homeBanners } = await gqlOk<{ homeBanners: BannerView[] }>(shop, HOME_BANNERS);
    expect(homeBanners.map((one) => [one.title, one.link.kind])).toEqual([
      ['Festive Sale', 'CATEGORY'],
      ['New arrivals', 'CATEGORY'],
      ['Rs 100 off your first order', 'COUPON'],
    ]);
    expect(homeBanners[2].link.coupon).toBe('FIRST100');
    for (const one of homeBanners) {
      expect(contrastRatio(one.background, one.textColour)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('GraphQL: keeps the banners in order, each link of its kind; the storefront sees only those shown', async () => {
    const product = await newProduct(shop, shop.admin);
    const other = await newProduct(shop, shop.admin);
    const saved = await setBanners(shop, [
      banner({ title: 'Hidden sale', shown: false }),
      banner({ title: 'Lamps', link: { kind: 'PRODUCTS', productIds: [other._id, product._id] } }),
      banner({ title: 'Search', link: { kind: 'SEARCH', search: '  headphones ' } }),
      banner({ title: 'Coupon', link: { kind: 'COUPON', coupon: 'FIRST100', category: 'books' } }),
    ]);
    expect(saved.map((one) => one.title)).toEqual(['Hidden sale', 'Lamps', 'Search', 'Coupon']);
    expect(new Set(saved.map((one) => one.id)).size).toBe(4);
    expect(saved[1].link).toEqual({
      kind: 'PRODUCTS',
      category: null,
      search: null,
      productIds: [other._id, product._id],
      coupon: null,
    });
    expect(saved[2].link.search).toBe('headphones');
    // Only the field of the link's kind is kept.
    expect(saved[3].link).toMatchObject({ coupon: 'FIRST100', category: null });

    const { homeBanners } = await gqlOk<{ homeBanners: BannerView[] }>(shop, HOME_BANNERS);
    expect(homeBanners.map((one) => one.title)).toEqual(['Lamps', 'Search', 'Coupon']);
    const { allHomeBanners } = await gqlOk<{ allHomeBanners: BannerView[] }>(
      shop,
      ALL_BANNERS,
      {},
      shop.admin,
    );
    expect(allHomeBanners).toEqual(saved);

    // The products banner's own page lists its products in its order; a hidden one has none.
    const { bannerCollection } = await gqlOk<{
      bannerCollection: { banner: { title: string }; products: { id: string }[] };
    }>(shop, COLLECTION, { id: saved[1].id });
    expect(bannerCollection.banner.title).toBe('Lamps');
    expect(bannerCollection.products.map((one) => one.id)).toEqual([other._id, product._id]);
    for (const id of [saved[0].id, saved[2].id, 'nope']) {
      expect((await gqlOk(shop, COLLECTION, { id })).bannerCollection).toBeNull();
    }
  });

  it('GraphQL: an edit keeps a banner named by its id and drops those left out', async () => {
    const [first, second] = await setBanners(shop, [
      banner({ title: 'One' }),
      banner({ title: 'Two' }),
    ]);
    const next = await setBanners(shop, [{ ...banner({ title: 'Two again' }), id: second.id }]);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: second.id, title: 'Two again' });
    expect(next[0].id).not.toBe(first.id);
  });

  it('REST: PUT keeps the banners sent; GET lists them for the admin, and the shown ones for everyone', async () => {
    const response = await shop
      .http()
      .put(REST)
      .set(shop.admin.auth)
      .send({ banners: [banner({ title: 'Shown' }), banner({ title: 'Not yet', shown: false })] })
      .expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Home banners saved' });
    expect(response.body.banners.map((one: BannerView) => one.title)).toEqual(['Shown', 'Not yet']);
    const all = await shop.http().get(REST).set(shop.admin.auth).expect(200);
    expect(all.body.banners).toEqual(response.body.banners);
    const shown = await shop.http().get(PUBLIC_REST).expect(200);
    expect(shown.body.banners.map((one: BannerView) => one.title)).toEqual(['Shown']);
    expect(shown.body.banners[0]).toMatchObject({
      background: '#7a1f1f',
      textColour: '#ffffff',
      link: { kind: 'CATEGORY', category: 'electronics' },
    });
  });

  /** Each bad list of banners, and the refusal naming its field. */
  const REFUSED: [string, unknown[], string][] = [
    ['seven banners', Array.from({ length: 7 }, () => banner()), 'banners: at most 6 banners'],
    [
      'an empty title',
      [banner(), banner({ title: '   ' })],
      'banners[1].title: a title of 1 to 60 characters',
    ],
    [
      'a title of 61 characters',
      [banner({ title: 'a'.repeat(61) })],
      'banners[0].title: a title of 1 to 60 characters',
    ],
    [
      'a text of 201 characters',
      [banner({ text: 'a'.repeat(201) })],
      'banners[0].text: at most 200 characters',
    ],
    [
      'an empty button label',
      [banner({ buttonLabel: '' })],
      'banners[0].buttonLabel: a button label of 1 to 24 characters',
    ],
    [
      'a colour by name',
      [banner({ background: 'red' })],
      'banners[0].background: a colour written #rrggbb, such as #1a5e3a',
    ],
    [
      'a colour of 3 digits',
      [banner({ textColour: '#fff' })],
      'banners[0].textColour: a colour written #rrggbb, such as #1a5e3a',
    ],
    [
      'grey on white',
      [banner({ background: '#ffffff', textColour: '#999999' })],
      'banners[0].textColour: the text and background colours contrast 2.84:1; at least 4.5:1 is needed to be readable',
    ],
    [
      'a category that does not exist',
      [banner({ link: { kind: 'CATEGORY', category: 'no-such-category' } })],
      'banners[0].link.category: no category has this slug',
    ],
    [
      'a category link without its slug',
      [banner({ link: { kind: 'CATEGORY' } })],
      'banners[0].link.category: no category has this slug',
    ],
    [
      'a search of no words',
      [banner({ link: { kind: 'SEARCH', search: ' ' } })],
      'banners[0].link.search: search words of 1 to 100 characters',
    ],
    [
      'no products',
      [banner({ link: { kind: 'PRODUCTS', productIds: [] } })],
      'banners[0].link.productIds: choose 1 to 24 products',
    ],
    [
      'a product that does not exist',
      [banner({ link: { kind: 'PRODUCTS', productIds: ['{missing}'] } })],
      'banners[0].link.productIds[0]: no such product',
    ],
    [
      'a coupon in small letters',
      [banner({ link: { kind: 'COUPON', coupon: 'first100' } })],
      'banners[0].link.coupon: a code of 3 to 20 capital letters and digits, such as FIRST100',
    ],
    [
      'an id no banner has',
      [{ ...banner(), id: 'abc123' }],
      'banners[0].id: no such banner: leave the id out for a new one',
    ],
  ];

  /** The banners with `{missing}` standing for an id no product has. */
  const filled = (banners: unknown[]) =>
    JSON.parse(JSON.stringify(banners).replaceAll('{missing}', missingId())) as unknown[];

  describe.each(REFUSED)('refuses %s, changing nothing', (_name, banners, message) => {
    it('GraphQL: BAD_USER_INPUT naming the field', async () => {
      await setBanners(shop, [banner()]);
      const before = await stored();
      const error = expectRefused(
        await gql(shop, UPDATE_BANNERS, { input: { banners: filled(banners) } }, shop.admin),
        'BAD_USER_INPUT',
        'updateHomeBanners',
      );
      expect(error.message).toBe(message);
      expect(await stored()).toEqual(before);
    });

    it('REST: 400 naming the field', async () => {
      await setBanners(shop, [banner()]);
      const before = await stored();
      expectError(
        await shop
          .http()
          .put(REST)
          .set(shop.admin.auth)
          .send({ banners: filled(banners) }),
        400,
        message,
      );
      expect(await stored()).toEqual(before);
    });
  });

  it('REST: a banner without a title or a link is refused naming the field', async () => {
    const before = await stored();
    const { title: _title, ...untitled } = banner();
    expectError(
      await shop
        .http()
        .put(REST)
        .set(shop.admin.auth)
        .send({ banners: [untitled] }),
      400,
      'banners[0].title: a title of 1 to 60 characters',
    );
    const { link: _link, ...unlinked } = banner();
    expectError(
      await shop
        .http()
        .put(REST)
        .set(shop.admin.auth)
        .send({ banners: [unlinked] }),
      400,
      'banners[0].link.kind: one of CATEGORY, SEARCH, PRODUCTS, COUPON',
    );
    expect(await stored()).toEqual(before);
  });

  it('GraphQL: admins only, to read every banner and to change them', async () => {
    await expectAdminOnly(shop, ALL_BANNERS, {}, 'allHomeBanners');
    const before = await stored();
    await expectAdminOnly(shop, UPDATE_BANNERS, { input: { banners: [] } }, 'updateHomeBanners');
    expect(await stored()).toEqual(before);
  });

  it('REST: 401 without a token, 403 for a shopper, to read every banner and to change them', async () => {
    const before = await stored();
    expectError(await shop.http().get(REST), 401);
    expectError(await shop.http().get(REST).set(shop.shopper.auth), 403);
    expectError(await shop.http().put(REST).send({ banners: [] }), 401);
    expectError(await shop.http().put(REST).set(shop.shopper.auth).send({ banners: [] }), 403);
    expect(await stored()).toEqual(before);
  });
});
