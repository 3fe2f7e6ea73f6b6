import { Injectable } from '@nestjs/common';
import { toRupees } from '../../common/money';
import { LoaderFactory } from '../../lookups';
import { OrderRecord } from '../orders.service';

/** Who bought an order whose buyer's account is gone. */
export const DELETED_BUYER = 'Deleted user';

/**
 * REST v1 compatibility layer: orders as the REST clients read them. Amounts in rupees,
 * the buyer's name beside its id, and a `products` list beside the lines (each product
 * described as it is now, priced as it was bought). Buyers and products come from the
 * same batched lookups GraphQL's resolvers use.
 */
@Injectable()
export class OrderPresenter {
  constructor(private readonly lookups: LoaderFactory) {}

  async present(orders: OrderRecord[]) {
    const loaders = this.lookups.create();
    return Promise.all(
      orders.map(async (stored) => {
        const { checkoutKey: _key, settled: _settled, amountsIn: _unit, ...shown } = stored;
        const { followUpPending: _pending, ...order } = shown;
        const [buyer, products] = await Promise.all([
          loaders.user.load(String(order.buyer)),
          Promise.all(order.lines.map((line) => loaders.product.load(String(line.product)))),
        ]);
        return {
          ...order,
          deliveryAddress: order.deliveryAddress ?? null,
          total: toRupees(order.total),
          lines: order.lines.map((line) => ({ ...line, price: toRupees(line.price) })),
          buyer: { _id: order.buyer, name: buyer?.name ?? DELETED_BUYER },
          products: order.lines.map((line, index) => ({
            _id: line.product,
            name: line.name,
            slug: products[index]?.slug ?? null,
            description: products[index]?.description ?? '',
            price: toRupees(line.price),
            quantity: line.quantity,
          })),
        };
      }),
    );
  }
}
