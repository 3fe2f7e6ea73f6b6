import type { OrderStatus } from '../../src/orders/order.schema';

/** What the order tests ask of an order over GraphQL, and the answer's shape. */
export const ORDER_FIELDS = `
  id status total address createdAt
  payment { success message state method expiresAt attempts upiLink payerPageUrl }
  buyer { id name email }
  lines { name price quantity product { id slug } }
`;

export interface OrderView {
  id: string;
  status: string;
  total: number;
  address: string;
  createdAt: string;
  payment: { success: boolean; message: string | null };
  buyer: { id: string; name: string; email: string } | null;
  lines: { name: string; price: number; quantity: number; product: { id: string; slug: string } }[];
}

export interface OrderPage {
  orders: { total: number; page: number; pageSize: number; hasMore: boolean; items: OrderView[] };
}

export const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }
`;
export const MY_ORDERS = `{ myOrders { ${ORDER_FIELDS} } }`;
export const ORDERS = `
  query ($page: Int! = 1, $pageSize: Int! = 20, $status: OrderStatus) {
    orders(page: $page, pageSize: $pageSize, status: $status) {
      total page pageSize hasMore items { ${ORDER_FIELDS} }
    }
  }
`;
export const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!, $shipment: ShipmentInput) {
    setOrderStatus(orderId: $orderId, status: $status, shipment: $shipment) { ${ORDER_FIELDS} }
  }
`;

/** What GraphQL asks with a move to SHIPPED: a preset courier and a well-formed AWB. */
export const A_SHIPMENT = { courier: 'Delhivery', trackingNumber: '1234567890123' };

/** A status as GraphQL names it: `Not Processed` is `NOT_PROCESSED`. */
export const graphqlName = (status: OrderStatus) => status.toUpperCase().replace(' ', '_');
