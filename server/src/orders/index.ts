// What other modules may use of orders (the boundary lint holds them to this file).
export { OrdersModule } from './orders.module';
export { OrdersService } from './orders.service';
export { OrderIndex } from './order-index';
export { OrderRecoveryService } from './order-recovery.service';
export {
  Order,
  OrderSchema,
  ORDER_STATUS,
  ORDER_STATUSES,
  checkoutKeyOf,
  orderIdOf,
} from './order.schema';
export type { OrderStatus } from './order.schema';
export { BuyerOrders, BuyerOrdersSchema } from './buyer-orders.schema';
export { OrderNumbers } from './order-numbers';
