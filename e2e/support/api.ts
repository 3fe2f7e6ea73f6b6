import { expect } from 'vitest';
import { baseUrl } from './browser';
import { APPROVED_CARD } from './checkout';

/**
 * The shop's APIs called as another client would call them, for what a journey needs done
 * but is not about (an order to look at, a product to clean up).
 */

/** A GraphQL call; any error fails the test. */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) {
    throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

/** A product's id, by its slug, as an API client finds it before ordering it. */
export async function productIdOf(slug: string): Promise<string> {
  const { product } = await graphql<{ product: { id: string } }>(
    'query P($slug: String!) { product(slug: $slug) { id } }',
    { slug },
  );
  return product.id;
}

/** A token from the REST login, as other clients get one. */
export async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { success: boolean; token: string };
  expect(body.success, `login of ${account.email}`).toBe(true);
  return body.token;
}

export interface PlacedOrder {
  id: string;
  /** As people read it: BZ-000123. */
  number: string;
  status: string;
  /** Rupees. */
  total: number;
  payment: { success: boolean };
}

/** An order placed by the shopper whose token is given, paid with `card` (approved by default). */
export async function placeOrderViaApi(
  token: string,
  lines: { productId: string; quantity: number }[],
  idempotencyKey: string,
  card = APPROVED_CARD,
): Promise<PlacedOrder> {
  const { placeOrder } = await graphql<{ placeOrder: PlacedOrder }>(
    `
      mutation Order($input: CheckoutInput!) {
        placeOrder(input: $input) {
          id
          number
          status
          total
          payment {
            success
          }
        }
      }
    `,
    { input: { lines, card: { number: card, expiry: '12/30', cvv: '123' }, idempotencyKey } },
    token,
  );
  return placeOrder;
}

/** Moves the order on as the admin would from the orders list: shipped, then delivered. */
export async function deliverViaApi(orderId: string, adminToken: string): Promise<void> {
  const moves: [string, { courier: string; trackingNumber: string } | null][] = [
    ['PROCESSING', null],
    ['SHIPPED', { courier: 'Delhivery', trackingNumber: `DL${Date.now().toString(36)}` }],
    ['DELIVERED', null],
  ];
  for (const [status, shipment] of moves) {
    await graphql(
      'mutation S($id: ID!, $status: OrderStatus!, $shipment: ShipmentInput) { setOrderStatus(orderId: $id, status: $status, shipment: $shipment) { id } }',
      { id: orderId, status, shipment },
      adminToken,
    );
  }
}
