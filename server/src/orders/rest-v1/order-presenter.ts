import { lineTaxInRupees, orderTaxInRupees } from '../../tax';
import { Injectable } from '@nestjs/common';
import { toRupees } from '../../common/money';
import { LoaderFactory } from '../../lookups';
import { orderNumberText } from '../../shared/rules';
import { Courier, Couriers, trackingUrlOf } from '../couriers';
import { OrderRecord } from '../orders.service';
import { amountDueOf, goodsOf, paidOf, refundedOf } from '../order-refunds';

/** Who bought an order whose buyer's account is gone. */
export const DELETED_BUYER = 'Deleted user';

/**
 * REST v1 compatibility layer: orders as the REST clients read them. Amounts in rupees,
 * the buyer's name beside its id, and a `products` list beside the lines (each product
 * described as it is now, priced as it was bought). Buyers and products come from the
 * same batched lookups GraphQL's resolvers use. Beside the first clients' fields, the
 * order's `number` as people read it (BZ-000123) and its `shipment` with the tracking link.
 */
@Injectable()
export class OrderPresenter {
  constructor(
    private readonly lookups: LoaderFactory,
    private readonly couriers: Couriers,
  ) {}

  async present(orders: OrderRecord[]) {
    const loaders = this.lookups.create();
    let couriers: Promise<Courier[]> | undefined;
    const shipmentOf = async ({ shipment }: OrderRecord) => {
      if (!shipment) return null;
      couriers ??= this.couriers.list();
      return { ...shipment, trackingUrl: trackingUrlOf(shipment, await couriers) };
    };
    return Promise.all(
      orders.map(async (stored) => {
        const { checkoutKey: _key, settled: _settled, amountsIn: _unit, ...shown } = stored;
        const { followUpPending: _pending, number, couponUses: _uses, ...order } = shown;
        const [buyer, products] = await Promise.all([
          loaders.user.load(String(order.buyer)),
          Promise.all(order.lines.map((line) => loaders.product.load(String(line.product)))),
        ]);
        return {
          ...order,
          number: number === undefined ? null : orderNumberText(number),
          shipment: await shipmentOf(stored),
          deliveryAddress: order.deliveryAddress ?? null,
          total: toRupees(order.total),
          shippingCharge: toRupees(order.shippingCharge),
          goods: toRupees(goodsOf(stored)),
          discount: toRupees(order.discount ?? 0),
          discounts: (order.discounts ?? []).map(({ key: _key, ...applied }) => ({
            ...applied,
            amount: toRupees(applied.amount),
          })),
          coupon: order.coupon ?? null,
          tax: orderTaxInRupees(order.tax),
          buyerGstin: order.buyerGstin ?? null,
          lines: order.lines.map((line) => ({
            ...line,
            price: toRupees(line.price),
            cancelled: line.cancelled ?? 0,
            discount: toRupees(line.discount ?? 0),
            tax: lineTaxInRupees(line.tax),
          })),
          lineCancels: (order.lineCancels ?? []).map(
            ({ receipt: _receipt, restocked: _restocked, ...cancel }) => ({
              ...cancel,
              amount: toRupees(cancel.amount),
            }),
          ),
          returns: (order.returns ?? []).map(
            ({ receipt: _receipt, restocked: _restocked, ...given }) => ({
              ...given,
              amount: toRupees(given.amount),
            }),
          ),
          amountDue: toRupees(amountDueOf(stored)),
          amountPaid: toRupees(paidOf(stored)),
          refundedAmount: toRupees(refundedOf(stored)),
          payment: {
            ...order.payment,
            fee: toRupees(order.payment.fee ?? 0),
            refunds: (order.payment.refunds ?? []).map((refund) => ({
              ...refund,
              amount: toRupees(refund.amount),
            })),
          },
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
