import type { OrderStatus } from '../gql/graphql';

/** How each order status reads in the shop (GraphQL names them in capitals). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  NOT_PROCESSED: 'Not Processed',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};
