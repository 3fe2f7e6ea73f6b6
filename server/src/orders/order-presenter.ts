import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { toRupees } from '../common/money';
import { ProductsService } from '../products/products.service';
import { UsersService } from '../users/users.service';
import { OrderRecord } from './orders.service';

/**
 * Orders as the REST clients read them: amounts in rupees, the buyer's name and the
 * products of each line (described as they are now, priced as they were bought), loaded
 * in batches.
 */
@Injectable()
export class OrderPresenter {
  constructor(
    private readonly users: UsersService,
    private readonly products: ProductsService,
  ) {}

  async present(orders: OrderRecord[]) {
    const unique = (ids: Types.ObjectId[]) => [
      ...new Map(ids.map((id) => [String(id), id])).values(),
    ];
    const [buyers, products] = await Promise.all([
      this.users.findByIds(unique(orders.map((order) => order.buyer))),
      this.products.findByIds(
        unique(orders.flatMap((order) => order.lines.map((line) => line.product))),
      ),
    ]);
    const buyerById = new Map(buyers.map((buyer) => [String(buyer._id), buyer]));
    const productById = new Map(products.map((product) => [String(product._id), product]));
    return orders.map((stored) => {
      const { checkoutKey: _key, settled: _settled, amountsIn: _unit, ...shown } = stored;
      const { followUpPending: _pending, ...order } = shown;
      const buyer = buyerById.get(String(order.buyer));
      return {
        ...order,
        total: toRupees(order.total),
        lines: order.lines.map((line) => ({ ...line, price: toRupees(line.price) })),
        buyer: { _id: order.buyer, name: buyer?.name ?? 'Deleted user' },
        products: order.lines.map((line) => {
          const product = productById.get(String(line.product));
          return {
            _id: line.product,
            name: line.name,
            slug: product?.slug ?? null,
            description: product?.description ?? '',
            price: toRupees(line.price),
            quantity: line.quantity,
          };
        }),
      };
    });
  }
}
