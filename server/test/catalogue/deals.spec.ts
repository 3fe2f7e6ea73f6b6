import { describe, expect, it } from 'vitest';
import { newCategory, newProduct, uniqueTag } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { TestShop, useTestShop } from '../support/test-app';

const SET_PRICE = `
  mutation ($productId: ID!, $input: ProductVariantsInput!) {
    setProductVariants(productId: $productId, input: $input) { id }
  }
`;
const DEALS = `
  query ($filter: ProductFilter, $page: Int, $pageSize: Int, $sort: ProductSort) {
    products(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      total hasMore items { id name listedPrice listedMrp discountPercent }
    }
    productFacets(filter: $filter) { total }
  }
`;

interface DealsAnswer {
  products: {
    total: number;
    hasMore: boolean;
    items: { id: string; name: string; discountPercent: number }[];
  };
  productFacets: { total: number };
}

/** Sets the product's one variant to sell at `price` rupees, with `mrp` (null: none). */
async function price(shop: TestShop, productId: string, price: number, mrp: number | null) {
  await gqlOk(
    shop,
    SET_PRICE,
    {
      productId,
      input: {
        options: [],
        variants: [{ sku: `DEAL-${uniqueTag()}`, values: [], price, mrp, quantity: 5 }],
      },
    },
    shop.admin,
  );
}

/**
 * The storefront's deals: products listed below their MRP, the biggest share off first, paged,
 * counted alike by the facets, and following a change of price or MRP at once.
 */
describe('deals: GraphQL products(filter: { discounted: true }, sort: DISCOUNT)', () => {
  const shop = useTestShop({ seed: true });

  it('lists only discounted products, the biggest discount first, paged, and follows a change of MRP', async () => {
    const category = await newCategory(shop, shop.admin);
    const make = async (name: string, rupees: number, mrp: number | null) => {
      const product = await newProduct(shop, shop.admin, {
        name: `${name} ${uniqueTag()}`,
        category: category._id,
      });
      await price(shop, product._id, rupees, mrp);
      return product._id;
    };
    const tenOff = await make('Ten off', 900, 1000);
    const halfOff = await make('Half off', 500, 1000);
    await make('Full price', 700, null);
    await make('At MRP', 700, 700);
    const quarterOff = await make('Quarter off', 750, 1000);

    const deals = async (page = 1, pageSize = 50) =>
      await gqlOk<DealsAnswer>(shop, DEALS, {
        filter: { categoryIds: [category._id], discounted: true },
        sort: 'DISCOUNT',
        page,
        pageSize,
      });
    const first = await deals();
    expect(first.products.items.map((item) => item.id)).toEqual([halfOff, quarterOff, tenOff]);
    expect(first.products.items.map((item) => item.discountPercent)).toEqual([50, 25, 10]);
    expect(first.products.total).toBe(3);
    expect(first.productFacets.total).toBe(3);

    // Paged like every list.
    const page1 = await deals(1, 2);
    const page2 = await deals(2, 2);
    expect(page1.products).toMatchObject({ total: 3, hasMore: true });
    expect([...page1.products.items, ...page2.products.items].map((item) => item.id)).toEqual([
      halfOff,
      quarterOff,
      tenOff,
    ]);

    // A new MRP moves the product at once; one taken away takes it off the deals.
    await price(shop, tenOff, 900, 3000);
    await price(shop, halfOff, 500, null);
    const after = await deals();
    expect(after.products.items.map((item) => item.id)).toEqual([tenOff, quarterOff]);
    expect(after.productFacets.total).toBe(2);
  });

  it('without a filter, the demo shop has deals, each below its MRP, biggest first', async () => {
    const { products } = await gqlOk<DealsAnswer>(shop, DEALS, {
      filter: { discounted: true },
      sort: 'DISCOUNT',
      pageSize: 50,
    });
    expect(products.total).toBeGreaterThan(0);
    const percents = products.items.map((item) => item.discountPercent);
    expect(percents.every((percent) => percent > 0)).toBe(true);
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
  });
});
