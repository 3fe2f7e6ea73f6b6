import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/catalogue/read-model/catalogue';
import { repoRoot } from '../../src/config/config';
import { PageShell } from '../../src/seo/page-head';
import { Sitemap } from '../../src/seo/sitemap';
import { holdsControlCharacters, STOREFRONT_PAGE_SIZE } from '../../src/shared/rules';
import {
  CategoryReply,
  fetchPhoto,
  newAdmin,
  newCategory,
  newProduct,
  stockedProduct,
  updateProduct,
} from '../support/fixtures';
import { Session, TestApp, useTestShop } from '../support/test-app';

const shopTexts = JSON.parse(readFileSync(join(repoRoot, 'shop.config.json'), 'utf8')) as {
  brand: string;
  tagline: string;
  taglineHi: string;
  description: string;
  descriptionHi: string;
};
/** The storefront's own index.html (its source): pages are built on the head the app ships. */
const SHELL = readFileSync(join(repoRoot, 'client', 'index.html'), 'utf8');

function storefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-crawler-'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  return dir;
}

/** The host the tests' requests name; links are built on it unless PUBLIC_URL says otherwise. */
const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;

/** Text as a browser reads it out of an attribute or a <title>. */
const unescaped = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

/** What the tests read of a JSON-LD object. */
interface JsonLd {
  '@type': string;
  name?: string;
  description?: string;
  category?: string;
  image?: string[];
  offers?: { price: string; priceCurrency: string; availability: string };
  numberOfItems?: number;
  itemListElement?: { position: number; name: string; item?: string; url?: string }[];
}

/** Everything a crawler reads of a page's head. */
function headOf(html: string) {
  const metas = new Map<string, string>();
  for (const [, key, content] of html.matchAll(
    /<meta (?:name|property)="([^"]*)" content="([^"]*)" \/>/g,
  )) {
    metas.set(unescaped(key), unescaped(content));
  }
  return {
    titles: all(html, /<title>([\s\S]*?)<\/title>/g).map(unescaped),
    meta: (key: string) => metas.get(key),
    metaKeys: [...metas.keys()],
    canonical: all(html, /<link rel="canonical" href="([^"]*)" \/>/g).map(unescaped),
    alternates: [
      ...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)" \/>/g),
    ].map(([, hreflang, url]) => [hreflang, unescaped(url)]),
    language: /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1],
    jsonLdBodies: all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    jsonLd: all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map(
      (body) => JSON.parse(body) as JsonLd,
    ),
  };
}

const ofType = (head: ReturnType<typeof headOf>, type: string) => {
  const found = head.jsonLd.filter((data) => data['@type'] === type);
  expect(found, `JSON-LD ${type}`).toHaveLength(1);
  return found[0];
};

const crumbsOf = (list: JsonLd) =>
  list.itemListElement!.map(({ position, name, item }) => [position, name, item]);

async function page(shop: TestApp, path: string, status = 200) {
  const response = await shop.http().get(path).set('Host', HOST).set('Accept', 'text/html');
  expect(response.status, path).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  return { response, head: headOf(response.text) };
}

/** Every <loc> of an XML document. */
const locs = (xml: string) => all(xml, /<loc>([^<]*)<\/loc>/g).map(unescaped);

/** One `<url>` of a sitemap: when it changed, and its versions by `hreflang`. */
interface Listed {
  lastmod: string | undefined;
  versions: [hreflang: string, url: string][];
}

async function sitemapUrls(shop: TestApp): Promise<Map<string, Listed>> {
  const response = await shop.http().get('/sitemap.xml').set('Host', HOST).expect(200);
  expect(response.headers['content-type']).toMatch(/^application\/xml/);
  expect(response.text).toContain(
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  );
  const urls = new Map<string, Listed>();
  for (const [, loc, lastmod, links] of response.text.matchAll(
    /<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?((?:<xhtml:link [^>]*\/>)*)<\/url>/g,
  )) {
    const versions = [
      ...links.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g),
    ].map(([, hreflang, url]): [string, string] => [hreflang, unescaped(url)]);
    urls.set(unescaped(loc), { lastmod, versions });
  }
  expect(urls.size, 'every <url> read').toBe(response.text.split('<url>').length - 1);
  return urls;
}

describe('pages for crawlers and link previews', () => {
  const clientDir = storefrontBuild();
  const shop = useTestShop({ env: { CLIENT_DIR: clientDir }, seed: true });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  describe('a product page', () => {
    it('names the product, its photo and its price in its head and JSON-LD', async () => {
      const row = await stockedProduct(shop, 1);
      const category = await shop.connection
        .collection('categories')
        .findOne({ _id: row.category });
      const { body } = await shop.http().get(`/api/v1/product/get-product/${row.slug}`).expect(200);
      const product = body.product as { name: string; description: string; price: number };
      const { head } = await page(shop, `/product/${row.slug}`);
      const url = `${ORIGIN}/product/${row.slug}`;

      expect(head.titles).toEqual([`${product.name} | ${shopTexts.brand}`]);
      expect(head.meta('description')).toBe(product.description.replace(/\s+/g, ' ').trim());
      expect(head.canonical).toEqual([url]);
      expect(head.meta('og:type')).toBe('product');
      expect(head.meta('og:title')).toBe(product.name);
      expect(head.meta('og:url')).toBe(url);
      expect(head.meta('og:site_name')).toBe(shopTexts.brand);
      expect(head.meta('product:price:amount')).toBe(product.price.toFixed(2));
      expect(head.meta('product:price:currency')).toBe('INR');
      expect(head.meta('twitter:card')).toBe('summary_large_image');
      expect(head.meta('robots')).toBeUndefined();

      const image = head.meta('og:image')!;
      expect(image.startsWith(`${ORIGIN}/`), image).toBe(true);
      expect(head.meta('twitter:image')).toBe(image);
      const photo = await fetchPhoto(shop, image.slice(ORIGIN.length));
      expect(photo.status).toBe(200);
      expect(photo.type).toMatch(/^image\//);

      // The first photo in previews, named by its alt text or else the product; every photo in JSON-LD.
      expect(head.meta('og:image:alt')).toBe(row.photos[0].alt || product.name);
      const data = ofType(head, 'Product');
      const images = data.image ?? [];
      expect(row.photos.length).toBeGreaterThan(1);
      expect(images[0]).toBe(image);
      expect(images).toHaveLength(row.photos.length);
      for (const [index, shown] of images.entries()) {
        expect(new URL(shown).pathname).toMatch(new RegExp(`^/photos/${row.photos[index].hash}-`));
      }
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        name: product.name,
        description: product.description,
        sku: row.variants[0].sku,
        url,
        category: category!.name,
        offers: {
          '@type': 'Offer',
          price: product.price.toFixed(2),
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url,
        },
      });
      expect(crumbsOf(ofType(head, 'BreadcrumbList'))).toEqual([
        [1, 'Home', `${ORIGIN}/`],
        [2, category!.name, `${ORIGIN}/category/${category!.slug}`],
        [3, product.name, url],
      ]);
    });

    it('gives the price in rupees to the paisa and says when it is out of stock', async () => {
      const sold = await newProduct(shop, shop.admin, { price: 1299.5, quantity: 0 });
      const { head } = await page(shop, `/product/${sold.slug}`);
      expect(ofType(head, 'Product').offers).toMatchObject({
        price: '1299.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
      });
      expect(head.meta('product:price:amount')).toBe('1299.50');
      expect(head.meta('product:availability')).toBe('out of stock');
      // Without a photo, a small card and no image anywhere.
      expect(head.meta('twitter:card')).toBe('summary');
      expect(head.metaKeys.filter((key) => key.includes('image'))).toEqual([]);
      expect(ofType(head, 'Product').image).toBeUndefined();

      const stocked = await updateProduct(shop, shop.admin, sold._id, { quantity: 3 });
      expect(stocked.quantity).toBe(3);
      const restocked = await page(shop, `/product/${sold.slug}`);
      expect(ofType(restocked.head, 'Product').offers!.availability).toBe(
        'https://schema.org/InStock',
      );
    });

    it('describes a product with options as a ProductGroup, each variant with its offer', async () => {
      const kurta = await newProduct(shop, shop.admin, { name: `Kurta ${Date.now()}` });
      const tag = String(Date.now());
      await shop
        .http()
        .put(`/api/v1/product/${kurta._id}/variants`)
        .set(shop.admin.auth)
        .send({
          options: [
            { name: 'Size', values: ['M', 'L'] },
            { name: 'Colour', values: ['Indigo'] },
          ],
          variants: [
            { sku: `K-${tag}-M`, values: ['M', 'Indigo'], price: 899, quantity: 2 },
            { sku: `K-${tag}-L`, values: ['L', 'Indigo'], price: 949, quantity: 0 },
          ],
        })
        .expect(200);
      const { head } = await page(shop, `/product/${kurta.slug}`);
      const group = ofType(head, 'ProductGroup') as unknown as Record<string, unknown>;
      expect(group).toMatchObject({
        productGroupID: kurta._id,
        variesBy: ['https://schema.org/size', 'https://schema.org/color'],
        hasVariant: [
          {
            '@type': 'Product',
            sku: `K-${tag}-M`,
            name: `${kurta.name} (M, Indigo)`,
            size: 'M',
            color: 'Indigo',
            offers: { price: '899.00', availability: 'https://schema.org/InStock' },
          },
          {
            sku: `K-${tag}-L`,
            offers: { price: '949.00', availability: 'https://schema.org/OutOfStock' },
          },
        ],
      });
      // Shared links show the price it is listed at: the lowest in stock.
      expect(head.meta('product:price:amount')).toBe('899.00');
    });

    it('keeps a hostile name inert in the title, the tags and the JSON-LD', async () => {
      const name = `</script><script>alert(1)</script> "Chai" & 'Co' <!--`;
      const description = `Tea\u2028for two </SCRIPT> <b onload="x()">bold</b> & ]]>`;
      const category = await newCategory(shop, shop.admin, `<Spices> & "Tea" ${Date.now()}`);
      const product = await newProduct(shop, shop.admin, {
        name,
        description,
        category: category._id,
      });
      const { response, head } = await page(shop, `/product/${product.slug}`);
      const html = response.text;

      expect(head.titles).toEqual([`${name} | ${shopTexts.brand}`]);
      expect(head.meta('og:title')).toBe(name);
      expect(head.meta('description')).toBe(description.replace(/\s+/g, ' '));
      // The page's only scripts are the app's own and the two JSON-LD blocks, which hold no
      // character that could end them or open markup.
      const scripts = (text: string) => text.match(/<script/gi)?.length ?? 0;
      expect(scripts(html)).toBe(scripts(SHELL) + 2);
      expect(html).not.toMatch(/<script>alert/i);
      expect(html).not.toMatch(/<b onload/i);
      for (const body of head.jsonLdBodies) expect(body).not.toMatch(/[<>&\u2028\u2029]/);
      const data = ofType(head, 'Product');
      expect(data.name).toBe(name);
      expect(data.description).toBe(description);
      expect(data.category).toBe(category.name);
      expect(crumbsOf(ofType(head, 'BreadcrumbList'))[1][1]).toBe(category.name);
    });
  });

  it('shows a control character a record kept from before the rule as a space in the head', () => {
    const html = new PageShell(SHELL).withHead({
      title: 'Brass\u0000Lamp\u001b[31m | Bazaar',
      language: 'en',
      description: 'Hand-cast\u0001 brass',
      openGraph: [['og:title', 'Brass\u0007Lamp']],
      twitter: [],
      structuredData: [],
    });
    expect(holdsControlCharacters(html, true)).toBe(false);
    expect(headOf(html).titles).toEqual(['Brass Lamp [31m | Bazaar']);
    expect(headOf(html).meta('og:title')).toBe('Brass Lamp');
  });

  it('gives a category page its title, canonical URL, breadcrumbs and products', async () => {
    const category = (await shop.connection
      .collection('categories')
      .findOne({}, { sort: { name: 1 } }))!;
    const products = await shop.connection
      .collection('products')
      .find({ category: category._id })
      .toArray();
    expect(products.length).toBeGreaterThan(0);
    const { head } = await page(shop, `/category/${category.slug}`);
    const url = `${ORIGIN}/category/${category.slug}`;

    expect(head.titles).toEqual([`${category.name} | ${shopTexts.brand}`]);
    expect(head.canonical).toEqual([url]);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:title')).toBe(category.name);
    expect(head.meta('description')).toContain(category.name);
    expect(crumbsOf(ofType(head, 'BreadcrumbList'))).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, category.name, url],
    ]);
    const list = ofType(head, 'ItemList');
    expect(list.numberOfItems).toBe(products.length);
    const ownPages = products.map((p) => `${ORIGIN}/product/${p.slug}`);
    const listed = list.itemListElement!.map((item) => item.url);
    expect(listed.length).toBe(Math.min(products.length, STOREFRONT_PAGE_SIZE));
    for (const listedUrl of listed) expect(ownPages).toContain(listedUrl);
  });

  it('gives the home page the shop’s title, description and WebSite data', async () => {
    const { head } = await page(shop, '/');
    expect(head.titles).toEqual([`${shopTexts.brand} - ${shopTexts.tagline}`]);
    expect(head.meta('description')).toBe(shopTexts.description);
    expect(head.canonical).toEqual([`${ORIGIN}/`]);
    expect(head.meta('og:type')).toBe('website');
    expect(ofType(head, 'WebSite')).toMatchObject({
      name: shopTexts.brand,
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` },
      },
    });
  });

  it('answers an unknown product or category with 404, the app’s page and noindex', async () => {
    const product = (await shop.connection.collection('products').findOne({}))!;
    for (const path of [
      '/product/no-such-product',
      '/category/no-such-category',
      // No page of a product or category, whatever is under them.
      '/product/',
      '/product',
      '/product/x/extra',
      `/product/${product.slug}/reviews`,
      '/category/',
      '/category/a/b',
      '/product//',
    ]) {
      const { response, head } = await page(shop, path, 404);
      // The app's own HTML: its root and script render its page not found.
      expect(response.text).toContain('<div id="root"></div>');
      expect(response.text).toContain('<script type="module" src="/src/main.tsx"></script>');
      expect(head.meta('robots')).toBe('noindex');
      expect(head.titles).toEqual([`Page not found | ${shopTexts.brand}`]);
      expect(head.canonical).toEqual([]);
      expect(head.jsonLd).toEqual([]);
    }
    await shop.http().get('/product/%E0%A4%A').set('Accept', 'text/html').expect(404);
  });

  it('serves the app’s other routes the plain shell, once read', async () => {
    for (const path of ['/cart', '/search?q=phone', '/dashboard/admin', '/products']) {
      const response = await shop.http().get(path).set('Accept', 'text/html').expect(200);
      expect(response.text).toBe(SHELL);
    }
  });

  it('answers HEAD as GET without a body', async () => {
    const category = (await shop.connection.collection('categories').findOne({}))!;
    const product = (await shop.connection.collection('products').findOne({}))!;
    const paths: [string, number][] = [
      ['/', 200],
      [`/product/${product.slug}`, 200],
      [`/category/${category.slug}`, 200],
      ['/cart', 200],
      ['/sitemap.xml', 200],
      ['/robots.txt', 200],
      ['/product/no-such-product', 404],
    ];
    for (const [path, status] of paths) {
      const get = await shop.http().get(path).set('Host', HOST).set('Accept', 'text/html');
      const head = await shop.http().head(path).set('Host', HOST).set('Accept', 'text/html');
      expect([head.status, get.status], path).toEqual([status, status]);
      expect(head.text || '', path).toBe('');
      for (const header of ['content-type', 'content-length', 'etag', 'cache-control']) {
        expect(head.headers[header], `${path} ${header}`).toBe(get.headers[header]);
      }
      expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.text));
    }
  });

  it('lists robots’ exclusions and the sitemap in robots.txt', async () => {
    const response = await shop.http().get('/robots.txt').set('Host', HOST).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/dashboard', '/cart', '/api/', '/graphql']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // Link previews that obey robots.txt still fetch the photos: no rule shuts them out.
    const { head } = await page(shop, `/product/${(await stockedProduct(shop, 1)).slug}`);
    const photoPath = new URL(head.meta('og:image')!).pathname;
    const refused = lines.filter((line) => line.startsWith('Disallow: ')).map((l) => l.slice(10));
    expect(photoPath).toMatch(/^\/photos\//);
    expect(refused.filter((path) => photoPath.startsWith(path))).toEqual([]);
  });

  describe('the sitemap', () => {
    it('lists the home page, every category and every product, with when each changed', async () => {
      const urls = await sitemapUrls(shop);
      const products = await shop.connection.collection('products').find().toArray();
      const categories = await shop.connection.collection('categories').find().toArray();
      expect(products.length).toBeGreaterThanOrEqual(50);
      const paths = [
        '/',
        ...categories.map((c) => `/category/${c.slug}`),
        ...products.map((p) => `/product/${p.slug}`),
      ];
      expect(new Set(urls.keys())).toEqual(
        new Set(paths.flatMap((path) => [`${ORIGIN}${path}`, `${ORIGIN}${path}?lang=hi`])),
      );
      for (const product of products) {
        const path = `${ORIGIN}/product/${product.slug}`;
        for (const url of [path, `${path}?lang=hi`]) {
          expect(urls.get(url)!.lastmod).toBe((product.updatedAt as Date).toISOString());
        }
      }
      // Each version lists them all, itself included, English for everyone else.
      for (const path of paths) {
        const versions = [
          ['en-IN', `${ORIGIN}${path}`],
          ['hi-IN', `${ORIGIN}${path}?lang=hi`],
          ['x-default', `${ORIGIN}${path}`],
        ];
        expect(urls.get(`${ORIGIN}${path}`)!.versions).toEqual(versions);
        expect(urls.get(`${ORIGIN}${path}?lang=hi`)!.versions).toEqual(versions);
      }
    });

    it('follows products and categories as they are created, renamed and deleted', async () => {
      const category = await newCategory(shop, shop.admin);
      const product = await newProduct(shop, shop.admin, { category: category._id });
      const productUrl = (slug: string) => `${ORIGIN}/product/${slug}`;
      const categoryUrl = (slug: string) => `${ORIGIN}/category/${slug}`;
      let urls = await sitemapUrls(shop);
      expect(urls.has(productUrl(product.slug))).toBe(true);
      expect(urls.has(categoryUrl(category.slug))).toBe(true);

      const renamed = await updateProduct(shop, shop.admin, product._id, {
        name: `${product.name} Deluxe`,
      });
      const renamedCategory = await renameCategory(shop, shop.admin, category, 'Renamed');
      urls = await sitemapUrls(shop);
      expect(renamed.slug).not.toBe(product.slug);
      expect(urls.has(productUrl(product.slug))).toBe(false);
      expect(urls.has(productUrl(renamed.slug))).toBe(true);
      expect(urls.has(categoryUrl(category.slug))).toBe(false);
      expect(urls.has(categoryUrl(renamedCategory.slug))).toBe(true);

      await shop
        .http()
        .delete(`/api/v1/product/delete-product/${product._id}`)
        .set(shop.admin.auth)
        .expect(200);
      await shop
        .http()
        .delete(`/api/v1/category/delete-category/${category._id}`)
        .set(shop.admin.auth)
        .expect(200);
      urls = await sitemapUrls(shop);
      expect(urls.has(productUrl(renamed.slug))).toBe(false);
      expect(urls.has(categoryUrl(renamedCategory.slug))).toBe(false);
    });

    it('becomes an index of files past the most URLs one file may hold', async () => {
      const single = await sitemapUrls(shop);
      const perFile = 10;
      const sitemap = new Sitemap(shop.app.get(Catalogue), perFile);
      const index = sitemap.main(ORIGIN);
      expect(index).toMatch(
        /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
      );
      const files = locs(index);
      const fileCount = Math.ceil(single.size / perFile);
      expect(files).toEqual(
        Array.from({ length: fileCount }, (_, at) => `${ORIGIN}/sitemap-${at + 1}.xml`),
      );
      const listed: string[] = [];
      for (let part = 1; part <= fileCount; part += 1) {
        const urls = locs(sitemap.part(part, ORIGIN)!);
        expect(urls.length).toBeLessThanOrEqual(perFile);
        listed.push(...urls);
      }
      expect(listed.sort()).toEqual([...single.keys()].sort());
      expect(sitemap.part(0, ORIGIN)).toBeNull();
      expect(sitemap.part(fileCount + 1, ORIGIN)).toBeNull();
      // The shop's own sitemap fits in one file, so it lists no parts.
      await shop.http().get('/sitemap-1.xml').expect(404);
    });
  });

  describe('in Hindi, with ?lang=hi', () => {
    const versionsOf = (path: string) => [
      ['en-IN', `${ORIGIN}${path}`],
      ['hi-IN', `${ORIGIN}${path}?lang=hi`],
      ['x-default', `${ORIGIN}${path}`],
    ];

    it('names a product and its category as the shop wrote them in Hindi, linked to the English page', async () => {
      const product = (await shop.connection
        .collection('products')
        .findOne({ nameHi: 'पुरुषों के लिए सूती कुर्ता सेट' }))!;
      const category = (await shop.connection
        .collection('categories')
        .findOne({ _id: product.category }))!;
      expect(category.nameHi).toBeTruthy();
      const path = `/product/${product.slug}`;
      const { head } = await page(shop, `${path}?lang=hi`);

      expect(head.language).toBe('hi');
      expect(head.titles).toEqual([`${product.nameHi} | ${shopTexts.brand}`]);
      expect(head.meta('description')).toBe(product.descriptionHi);
      expect(head.canonical).toEqual([`${ORIGIN}${path}?lang=hi`]);
      expect(head.alternates).toEqual(versionsOf(path));
      expect(head.meta('og:locale')).toBe('hi_IN');
      expect(head.meta('og:url')).toBe(`${ORIGIN}${path}?lang=hi`);
      const data = ofType(head, 'ProductGroup');
      expect(data.name).toBe(product.nameHi);
      expect(data.description).toBe(product.descriptionHi);
      expect(data.category).toBe(category.nameHi);
      expect(crumbsOf(ofType(head, 'BreadcrumbList'))).toEqual([
        [1, 'होम', `${ORIGIN}/?lang=hi`],
        [2, category.nameHi, `${ORIGIN}/category/${category.slug}?lang=hi`],
        [3, product.nameHi, `${ORIGIN}${path}?lang=hi`],
      ]);

      // The English page says the same in English, and links to the Hindi one.
      const english = (await page(shop, path)).head;
      expect(english.language).toBe('en');
      expect(english.titles).toEqual([`${product.name} | ${shopTexts.brand}`]);
      expect(english.canonical).toEqual([`${ORIGIN}${path}`]);
      expect(english.alternates).toEqual(versionsOf(path));
      expect(english.meta('og:locale')).toBe('en_IN');
      expect(english.meta('og:locale:alternate')).toBe('hi_IN');
    });

    it('shows the English a product has where the shop wrote no Hindi, on a page still in Hindi', async () => {
      const product = (await shop.connection
        .collection('products')
        .findOne({ $or: [{ nameHi: null }, { nameHi: { $exists: false } }] }))!;
      const { head } = await page(shop, `/product/${product.slug}?lang=hi`);
      expect(head.language).toBe('hi');
      expect(head.titles).toEqual([`${product.name} | ${shopTexts.brand}`]);
      expect(head.meta('og:locale')).toBe('hi_IN');
    });

    it('gives the home page, a category page and a page not found in Hindi', async () => {
      const home = (await page(shop, '/?lang=hi')).head;
      expect(home.language).toBe('hi');
      expect(home.titles).toEqual([`${shopTexts.brand} - ${shopTexts.taglineHi}`]);
      expect(home.meta('description')).toBe(shopTexts.descriptionHi);
      expect(home.alternates).toEqual(versionsOf('/'));
      expect(ofType(home, 'WebSite')).toMatchObject({
        inLanguage: 'hi-IN',
        url: `${ORIGIN}/?lang=hi`,
      });

      const category = (await shop.connection
        .collection('categories')
        .findOne({ nameHi: 'किताबें' }))!;
      const path = `/category/${category.slug}`;
      const { head } = await page(shop, `${path}?lang=hi`);
      expect(head.titles).toEqual([`किताबें | ${shopTexts.brand}`]);
      expect(head.meta('description')).toMatch(/^Bazaar पर किताबें: \d+ उत्पाद, दाम रुपयों में।/);
      expect(head.alternates).toEqual(versionsOf(path));
      const godaan = ofType(head, 'ItemList').itemListElement!.find((item) =>
        item.name.startsWith('गोदान'),
      );
      expect(godaan?.url).toMatch(new RegExp(`^${ORIGIN}/product/[^?]+\\?lang=hi$`));

      const missing = (await page(shop, '/product/no-such-thing?lang=hi', 404)).head;
      expect(missing.language).toBe('hi');
      expect(missing.titles).toEqual([`पेज नहीं मिला | ${shopTexts.brand}`]);
    });

    it('answers a language it does not speak in English', async () => {
      const { head } = await page(shop, '/?lang=fr');
      expect(head.language).toBe('en');
      expect(head.canonical).toEqual([`${ORIGIN}/`]);
      const twice = (await page(shop, '/?lang=hi&lang=hi')).head;
      expect(twice.language).toBe('en');
    });
  });

  it('takes no forwarded host or protocol from an untrusted client', async () => {
    const response = await shop
      .http()
      .get('/')
      .set('Host', HOST)
      .set('X-Forwarded-Host', 'elsewhere.example')
      .set('X-Forwarded-Proto', 'https');
    expect(headOf(response.text).canonical).toEqual([`${ORIGIN}/`]);
  });
});

async function renameCategory(
  shop: TestApp,
  admin: Session,
  category: CategoryReply,
  prefix: string,
): Promise<CategoryReply> {
  const response = await shop
    .http()
    .put(`/api/v1/category/update-category/${category._id}`)
    .set(admin.auth)
    .send({ name: `${prefix} ${category.name}` })
    .expect(200);
  return response.body.category;
}

describe('absolute links with PUBLIC_URL', () => {
  const clientDir = storefrontBuild();
  const shop = useTestShop({
    env: { CLIENT_DIR: clientDir, PUBLIC_URL: 'https://shop.example.in/', TRUST_PROXY: 'true' },
  });
  let category: CategoryReply;
  beforeAll(async () => {
    category = await newCategory(shop, await newAdmin(shop));
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('starts canonical URLs, the sitemap and robots.txt with it, whatever the request says', async () => {
    const forwarded = { 'X-Forwarded-Host': 'elsewhere.example', 'X-Forwarded-Proto': 'http' };
    const home = await shop.http().get('/').set(forwarded).expect(200);
    expect(headOf(home.text).canonical).toEqual(['https://shop.example.in/']);
    const categoryPage = await shop.http().get(`/category/${category.slug}`).set(forwarded);
    expect(headOf(categoryPage.text).meta('og:url')).toBe(
      `https://shop.example.in/category/${category.slug}`,
    );
    const sitemap = await shop.http().get('/sitemap.xml').set(forwarded).expect(200);
    const pages = ['https://shop.example.in/', `https://shop.example.in/category/${category.slug}`];
    expect(locs(sitemap.text).sort()).toEqual(
      pages.flatMap((url) => [url, `${url}?lang=hi`]).sort(),
    );
    // The language versions too.
    const links = all(sitemap.text, /<xhtml:link [^>]* href="([^"]*)"\/>/g);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((url) => !url.startsWith('https://shop.example.in/'))).toEqual([]);
    const robots = await shop.http().get('/robots.txt').set(forwarded).expect(200);
    expect(robots.text).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });
});

describe('absolute links behind a trusted proxy, without PUBLIC_URL', () => {
  const clientDir = storefrontBuild();
  const shop = useTestShop({ env: { CLIENT_DIR: clientDir, TRUST_PROXY: 'true' } });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('takes the host and protocol the proxy forwards', async () => {
    const response = await shop
      .http()
      .get('/')
      .set('X-Forwarded-Host', 'shop.example.in')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(headOf(response.text).canonical).toEqual(['https://shop.example.in/']);
  });
});

describe('a shop without a built storefront', () => {
  const shop = useTestShop({ env: { CLIENT_DIR: join(tmpdir(), 'no-such-client-build') } });

  it('serves neither the pages nor robots.txt and sitemaps', async () => {
    for (const path of ['/', '/robots.txt', '/sitemap.xml']) {
      const response = await shop.http().get(path).set('Accept', 'text/html');
      expect(response.status, path).toBe(404);
    }
  });
});
