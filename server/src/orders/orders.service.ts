import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { toObjectId } from '../common/object-id';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { badInput, conflict, notFound, ShopError } from '../common/shop-error';
import { CardDetails, PAYMENT_PROVIDER, PaymentProvider } from '../payments/payment-provider';
import { ProductsService } from '../products/products.service';
import { Order, ORDER_STATUSES, OrderLine, OrderStatus } from './order.schema';

export type OrderRecord = Order & { _id: Types.ObjectId };

export interface CheckoutLine {
  productId: string;
  quantity: number;
}

export interface Checkout {
  lines: readonly CheckoutLine[];
  card: CardDetails;
  address: string;
  /** Chosen by the client once per checkout; a retry with the same key finds the first order. */
  idempotencyKey: string;
  /** Where the checkout came from, for the limit on declined cards. */
  clientAddress: string;
}

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly products: ProductsService,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Places an order: prices come from the database, stock is taken line by line with
   * conditional atomic updates (given back if any line or the payment fails), and the
   * pending order is written first, so a retried checkout finds it instead of paying twice.
   */
  async place(buyerId: Types.ObjectId, checkout: Checkout): Promise<OrderRecord> {
    const wanted = mergeLines(checkout.lines);
    this.payments.check(checkout.card);
    const address = checkout.address.trim();
    if (!address) throw badInput('A delivery address is required');
    const checkoutKey = `${buyerId}:${checkout.idempotencyKey}`;

    const earlier = await this.orders.findOne({ checkoutKey }).lean();
    if (earlier) return settledOrThrow(earlier);

    const lines = await this.priced(wanted);
    const total = roundRupees(lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
    let order: OrderRecord;
    try {
      order = (
        await this.orders.create({
          lines,
          buyer: buyerId,
          total,
          address,
          checkoutKey,
          payment: { success: false, provider: this.payments.name, message: 'Pending' },
        })
      ).toObject();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
      return settledOrThrow(await this.orders.findOne({ checkoutKey }).lean());
    }

    let stockTaken = false;
    try {
      const short = await this.products.takeStock(lines);
      if (short) throw await this.shortage(short);
      stockTaken = true;
      // Declines are limited: trying card after card is how stolen cards are tested.
      const result = await this.limiter.charge(
        { account: String(buyerId), address: checkout.clientAddress },
        () =>
          this.payments.charge({
            amount: total,
            card: checkout.card,
            reference: String(order._id),
          }),
        (charged) => !charged.approved,
      );
      if (!result.approved) {
        stockTaken = false;
        await this.products.returnStock(lines);
      }
      const payment = result.approved
        ? {
            success: true,
            provider: this.payments.name,
            reference: result.reference,
            message: null,
          }
        : {
            success: false,
            provider: this.payments.name,
            reference: null,
            message: result.message,
          };
      const settled = await this.orders
        .findByIdAndUpdate(order._id, { $set: { payment, settled: true } }, { new: true })
        .lean();
      return settled!;
    } catch (error) {
      if (stockTaken) await this.products.returnStock(lines);
      await this.orders.deleteOne({ _id: order._id });
      throw error;
    }
  }

  listForBuyer(buyerId: Types.ObjectId): Promise<OrderRecord[]> {
    return this.orders.find({ buyer: buyerId, settled: true }).sort(NEWEST_FIRST).lean();
  }

  async list(request: PageRequest, status?: OrderStatus): Promise<Page<OrderRecord>> {
    const filter = { settled: true, ...(status && { status: checkedStatus(status) }) };
    const [items, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort(NEWEST_FIRST)
        .skip(skipOf(request))
        .limit(request.pageSize)
        .lean(),
      this.orders.countDocuments(filter),
    ]);
    return pageOf(items, total, request);
  }

  async setStatus(orderId: string, status: OrderStatus): Promise<OrderRecord> {
    const order = await this.orders
      .findOneAndUpdate(
        { _id: toObjectId(orderId, 'order id'), settled: true },
        { $set: { status: checkedStatus(status) } },
        { new: true },
      )
      .lean();
    if (!order) throw notFound('Order not found');
    return order;
  }

  private async priced(wanted: Map<string, number>): Promise<OrderLine[]> {
    const ids = [...wanted.keys()].map((id) => toObjectId(id, 'product id'));
    const found = new Map((await this.products.findByIds(ids)).map((p) => [String(p._id), p]));
    return ids.map((id) => {
      const product = found.get(String(id));
      if (!product) throw badInput('A product in the cart no longer exists');
      return {
        product: product._id,
        name: product.name,
        price: product.price,
        quantity: wanted.get(String(id))!,
      };
    });
  }

  private async shortage(line: OrderLine): Promise<ShopError> {
    const product = await this.products.findById(line.product);
    const left = Math.max(0, product?.quantity ?? 0);
    return conflict(
      left === 0 ? `${line.name} is out of stock` : `Only ${left} of ${line.name} left in stock`,
    );
  }
}

/** One line per product, quantities added up, every quantity checked. */
function mergeLines(lines: readonly CheckoutLine[]): Map<string, number> {
  if (lines.length === 0) throw badInput('The cart is empty');
  if (lines.length > MAX_ORDER_LINES) throw badInput(`At most ${MAX_ORDER_LINES} lines per order`);
  const merged = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    toObjectId(productId, 'product id');
    if (!Number.isInteger(quantity) || quantity < 1)
      throw badInput('Quantities must be whole numbers from 1');
    const sum = (merged.get(productId) ?? 0) + quantity;
    if (sum > MAX_LINE_QUANTITY)
      throw badInput(`At most ${MAX_LINE_QUANTITY} of one product per order`);
    merged.set(productId, sum);
  }
  return merged;
}

function settledOrThrow(order: OrderRecord | null): OrderRecord {
  if (!order) throw conflict('This checkout failed, please try again');
  if (!order.settled) throw conflict('This checkout is still being processed');
  return order;
}

function checkedStatus(status: string): OrderStatus {
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
    throw badInput(`Status must be one of: ${ORDER_STATUSES.join(', ')}`);
  }
  return status as OrderStatus;
}

function roundRupees(amount: number): number {
  return Math.round(amount * 100) / 100;
}
