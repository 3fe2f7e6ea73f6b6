import { DocumentNode, parse, print, separateOperations } from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/config';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { APPROVED_CARD, gql, productBySlug, StoredProduct, Variables } from './gql';

/** Every operation of the storefront's .graphql files, each with the fragments it uses. */
function clientOperations(): Record<string, DocumentNode> {
  const sources = join(repoRoot, 'client', 'src');
  const files = readdirSync(sources, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.graphql'),
  );
  return separateOperations(
    parse(files.map((file) => readFileSync(join(sources, file), 'utf8')).join('\n')),
  );
}

/** What earlier operations made, for the ones after them. */
interface Made {
  product: StoredProduct;
  categorySlug: string;
  orderId?: string;
  /** An order the admin moves along, while the shopper cancels the other. */
  secondOrderId?: string;
  categoryId?: string;
  newProduct?: { id: string; slug: string };
}

type Who = 'anonymous' | 'shopper' | 'admin';

const placing = (made: Made): Variables => ({
  input: { lines: [{ productId: made.product.id, quantity: 1 }], card: APPROVED_CARD },
});

interface Step {
  who: Who;
  variables?: (made: Made) => Variables;
  remember?: (data: Record<string, { id: string; slug?: string }>, made: Made) => void;
}

const NEW_EMAIL = 'limits.check@shop.local';

/** Each operation as the storefront sends it, in an order where each finds what it needs. */
const STEPS: Record<string, Step> = {
  Categories: { who: 'anonymous' },
  Storefront: { who: 'anonymous', variables: () => ({ page: 1, pageSize: 6, filter: null }) },
  CategoryPage: { who: 'anonymous', variables: (made) => ({ slug: made.categorySlug }) },
  SearchProducts: {
    who: 'anonymous',
    variables: () => ({ search: 'phone', page: 1, pageSize: 12 }),
  },
  ProductDetails: { who: 'anonymous', variables: (made) => ({ slug: made.product.slug }) },
  SimilarProducts: { who: 'anonymous', variables: (made) => ({ productId: made.product.id }) },
  CartStock: { who: 'anonymous', variables: (made) => ({ ids: [made.product.id] }) },
  Register: {
    who: 'anonymous',
    variables: () => ({
      input: {
        name: 'Limits Check',
        email: NEW_EMAIL,
        password: 'limits123',
        phone: '+91 98765 00000',
        address: '1 Test Street, Pune',
        answer: 'cricket',
      },
    }),
  },
  Login: {
    who: 'anonymous',
    variables: () => ({ input: { email: NEW_EMAIL, password: 'limits123' } }),
  },
  ForgotPassword: {
    who: 'anonymous',
    variables: () => ({
      input: { email: NEW_EMAIL, answer: 'cricket', newPassword: 'limits456' },
    }),
  },
  Me: { who: 'shopper' },
  UpdateProfile: { who: 'shopper', variables: () => ({ input: { address: '2 New Road, Pune' } }) },
  PlaceOrder: {
    who: 'shopper',
    variables: placing,
    remember: (data, made) => (made.orderId = data.placeOrder.id),
  },
  MyOrders: { who: 'shopper' },
  CancelMyOrder: { who: 'shopper', variables: (made) => ({ orderId: made.orderId }) },
  AdminOrders: { who: 'admin', variables: () => ({ page: 1, pageSize: 10, status: null }) },
  SetOrderStatus: {
    who: 'admin',
    variables: (made) => ({ orderId: made.secondOrderId, status: 'PROCESSING' }),
  },
  AdminUsers: { who: 'admin', variables: () => ({ page: 1, pageSize: 20, search: null }) },
  CreateCategory: {
    who: 'admin',
    variables: () => ({ input: { name: 'Limits Check' } }),
    remember: (data, made) => (made.categoryId = data.createCategory.id),
  },
  UpdateCategory: {
    who: 'admin',
    variables: (made) => ({ id: made.categoryId, input: { name: 'Limits Checked' } }),
  },
  AdminProducts: { who: 'admin', variables: () => ({ page: 1, pageSize: 12 }) },
  CreateProduct: {
    who: 'admin',
    variables: (made) => ({
      input: {
        name: 'Limits Check Lamp',
        description: 'A lamp made by the limits test',
        price: 499,
        quantity: 3,
        category: made.categoryId,
        shipping: true,
      },
      photo: null,
    }),
    remember: ({ createProduct: { id, slug } }, made) =>
      (made.newProduct = { id, slug: slug as string }),
  },
  AdminProduct: { who: 'admin', variables: (made) => ({ slug: made.newProduct?.slug }) },
  UpdateProduct: {
    who: 'admin',
    variables: (made) => ({ id: made.newProduct?.id, input: { price: 599 }, photo: null }),
  },
  DeleteProduct: { who: 'admin', variables: (made) => ({ id: made.newProduct?.id }) },
  DeleteCategory: { who: 'admin', variables: (made) => ({ id: made.categoryId }) },
};

describe("the storefront's own operations", () => {
  const operations = clientOperations();
  let test: TestApp;
  let sessions: Record<Who, Session | null>;
  let made: Made;

  beforeAll(async () => {
    test = await startTestApp();
    const { admin, shopper } = await seeded(test);
    sessions = { anonymous: null, shopper, admin };
    const category = await test.connection.collection('categories').findOne({});
    const product = await test.connection
      .collection('products')
      .findOne({ category: category!._id });
    made = {
      categorySlug: category!.slug as string,
      product: await productBySlug(test, product!.slug as string),
    };
    const second = await gql(test, print(operations.PlaceOrder), placing(made), shopper);
    made.secondOrderId = (second.data as { placeOrder: { id: string } }).placeOrder.id;
  });
  afterAll(() => test.close());

  it('are each run below, with plausible variables', () => {
    expect(Object.keys(operations).sort()).toEqual(Object.keys(STEPS).sort());
  });

  for (const [name, step] of Object.entries(STEPS)) {
    it(`${name} runs within half the cost limit`, async () => {
      const document = operations[name];
      expect(document, `${name} is not in the client's .graphql files`).toBeDefined();
      const answer = await gql(
        test,
        print(document),
        step.variables?.(made) ?? {},
        sessions[step.who],
      );
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      const cost = answer.body.extensions?.cost;
      expect(cost).toBeDefined();
      expect(cost!.requested).toBeLessThan(cost!.limit / 2);
      step.remember?.(answer.data as Record<string, { id: string }>, made);
    });
  }
});
