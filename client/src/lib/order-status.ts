import { t } from '@lingui/core/macro';
import type { OrderStatus } from '../gql/graphql';

/**
 * How each order status reads in the shop (GraphQL names them in capitals), in the language
 * of the moment it is read: each label is looked up when used.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  get NOT_PROCESSED() {
    return t`Not Processed`;
  },
  get PROCESSING() {
    return t`Processing`;
  },
  get SHIPPED() {
    return t`Shipped`;
  },
  get DELIVERED() {
    return t`Delivered`;
  },
  get CANCELLED() {
    return t`Cancelled`;
  },
};
