import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { chosenVariant, firstPhoto, ProductReads, variantName } from '../catalogue';
import type { ProductRecord } from '../catalogue';
import { toObjectId } from '../common/object-id';
import { badInput } from '../common/shop-error';
import { CartShipping, DeliveryService } from '../delivery';
import { AutomaticOffers, Coupons, priceCart } from '../offers';
import type { AppliedDiscount, Coupon, CouponShopper, CouponTerms, OfferHint } from '../offers';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  obeys,
  ORDER_RULES,
  VARIANT_RULES,
} from '../shared/rules';
import { OrderTaxes, stateOfCode } from '../tax';
import { BuyerOrders } from './buyer-orders.schema';
import { stockOutcome } from './order-lifecycle';
import { Order, OrderLine, ORDER_STATUS } from './order.schema';
import type { StoredOrderTax } from './order.schema';

export interface CheckoutLine {
  productId: string;
  /** The variant chosen; may be left out for a product sold one way. */
  variantId?: string | null;
  quantity: number;
}

/** A checkout's lines merged: one per variant chosen, its units added up. */
export interface WantedLine {
  productId: string;
  variantId?: string;
  quantity: number;
  /** Where the line was first given (`lines[3]`), for the refusal that names it. */
  field: string;
}

/** Who a cart is priced for, and the code they typed, if any. */
export interface QuoteFor {
  /** Null for a shopper not signed in. */
  buyer: Types.ObjectId | null;
  couponCode?: string | null;
  /** The state of the address chosen, over the PIN's: the place of supply. */
  stateCode?: string | null;
  /** Paise charged beside shipping (cash on delivery's fee), taxed with it. */
  fee?: number;
}

/** What a cart costs, in paise, as the price engine worked it out. */
export interface OrderQuote {
  /** Each with its price and its share of the discounts. */
  lines: OrderLine[];
  /** The lines at their prices. */
  goods: number;
  /** Off the lines, from coupons and offers. */
  discount: number;
  /** Shipping as charged: after any free-shipping offer. */
  shipping: CartShipping;
  /** Goods less discount, and shipping: what the card is charged. */
  total: number;
  /** The coupons and offers applied, and what each saved. */
  discounts: AppliedDiscount[];
  /** Offers the cart does not meet yet, and what it lacks. */
  hints: OfferHint[];
  /** The code given: whether it applied, and why not. */
  coupon: { code: string; applied: boolean; message: string | null } | null;
  /** The coupon applied, for checkout to take its use. */
  applied: Coupon | null;
  /** The GST within the total (with `fee`); null while the shop charges none. */
  tax: StoredOrderTax | null;
}

/**
 * What a cart costs, the one way both the cart's quote (GraphQL cartQuote) and checkout work it
 * out: each line priced from the database, shipping from the delivery settings for the goods'
 * worth and the delivery PIN (DeliveryService.shippingFor). Nothing the client sends is a price.
 */
@Injectable()
export class OrderQuotes {
  constructor(
    private readonly products: ProductReads,
    private readonly delivery: DeliveryService,
    private readonly coupons: Coupons,
    private readonly offers: AutomaticOffers,
    private readonly taxes: OrderTaxes,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(BuyerOrders.name) private readonly buyerOrders: Model<BuyerOrders>,
  ) {}

  /** The quote for a cart's lines, to `pin` when given (refused naming `pinField`). */
  quote(
    lines: readonly CheckoutLine[],
    pin: string | null | undefined,
    pinField: string,
    shopper: QuoteFor,
  ) {
    return this.priced(mergeLines(lines), pin, pinField, shopper);
  }

  /**
   * As quote, for lines already merged (checkout merges them first, to refuse them early). The
   * price engine applies the offers running now and the code given, if the shopper may use it;
   * a code that does not apply is answered with why, never refused here (checkout refuses it).
   */
  async priced(
    wanted: readonly WantedLine[],
    pin: string | null | undefined,
    pinField: string,
    shopper: QuoteFor,
  ): Promise<OrderQuote> {
    const { lines, categories, products } = await this.priceLines(wanted);
    const now = new Date();
    const [{ chargeFor, destination }, offers, coupon] = await Promise.all([
      this.delivery.shippingTo(pin, pinField),
      this.offers.running(now),
      this.couponFor(shopper, now),
    ]);
    const priced = priceCart({
      lines: lines.map((line, at) => ({
        product: String(line.product),
        category: categories[at],
        price: line.price,
        quantity: line.quantity,
      })),
      coupon: 'terms' in coupon ? coupon.terms : null,
      offers,
      shipping: (goods) => chargeFor(goods).charge,
    });
    const shipping = chargeFor(priced.goods - priced.discount);
    const code = shopper.couponCode?.trim() ? coupon : null;
    const place = shopper.stateCode ? stateOfCode(shopper.stateCode) : destination?.place.state;
    const tax = await this.taxes.taxOf(
      lines.map((line, at) => ({
        value: line.price * line.quantity - priced.lines[at].discount,
        quantity: line.quantity,
        hsn: products[at]?.hsn ?? null,
        taxClass: products[at]?.taxClass ?? null,
      })),
      priced.shipping + (shopper.fee ?? 0),
      place ?? null,
      now,
    );
    return {
      lines: lines.map((line, at) => ({
        ...line,
        discount: priced.lines[at].discount,
        ...(tax && { tax: tax.lines[at] }),
      })),
      tax: tax && {
        placeOfSupply: tax.placeOfSupply,
        supply: tax.supply,
        shipping: tax.shipping,
        totals: tax.totals,
        amount: tax.amount,
      },
      goods: priced.goods,
      discount: priced.discount,
      shipping: { ...shipping, charge: priced.shipping, destination },
      total: priced.total,
      discounts: priced.applied,
      hints: priced.hints,
      coupon: code && {
        code: code.code,
        applied: priced.couponApplied !== null,
        message: 'refusal' in code ? code.refusal : priced.couponRefusal,
      },
      applied: priced.couponApplied !== null && 'coupon' in coupon ? coupon.coupon : null,
    };
  }

  /** The code the shopper typed, checked by the rules that do not need the cart. */
  private async couponFor(
    shopper: QuoteFor,
    now: Date,
  ): Promise<{ code: string } & ({ coupon: Coupon; terms: CouponTerms } | { refusal: string })> {
    const typed = shopper.couponCode?.trim();
    if (!typed) return { code: '', refusal: '' };
    const check = await this.coupons.check(typed, this.couponShopper(shopper.buyer), now);
    return { code: 'coupon' in check ? check.coupon._id : typed.toUpperCase(), ...check };
  }

  private couponShopper(buyer: Types.ObjectId | null): CouponShopper {
    return {
      buyer,
      isFirstOrder: () => (buyer ? this.isFirstOrder(buyer) : Promise.resolve(true)),
    };
  }

  /**
   * Whether the buyer has no order that counts: one placed (settled), neither cancelled nor
   * expired. Their list, then each order by `_id`.
   */
  private async isFirstOrder(buyer: Types.ObjectId): Promise<boolean> {
    const listed = await this.buyerOrders.findById(buyer).lean();
    for (const id of listed?.orders ?? []) {
      const order = await this.orders.findById(id).lean();
      if (!order?.settled || order.status === ORDER_STATUS.CANCELLED) continue;
      if (stockOutcome(order) !== 'return') return false;
    }
    return true;
  }

  /**
   * Each wanted line with its variant as stored now, priced from the database: the client's
   * prices are never read. The variant and its options are copied onto the line, as bought;
   * lines naming one variant two ways (by its id, and as the product's only one) become one.
   */
  private async priceLines(wanted: readonly WantedLine[]): Promise<{
    lines: OrderLine[];
    categories: (string | null)[];
    products: (ProductRecord | undefined)[];
  }> {
    const ids = [...new Set(wanted.map((line) => line.productId))];
    const stored = await this.products.readStored(ids.map((id) => toObjectId(id, 'product id')));
    const found = new Map<string, ProductRecord>(
      stored.map((product) => [String(product._id), product]),
    );
    const byVariant = new Map<string, OrderLine>();
    for (const line of wanted.map((one) => lineOf(one))) {
      const same = byVariant.get(String(line.variant));
      if (!same) {
        byVariant.set(String(line.variant), line);
        continue;
      }
      same.quantity += line.quantity;
      if (same.quantity > MAX_LINE_QUANTITY) throw badInput(ORDER_RULES.productQuantity);
    }
    const lines = [...byVariant.values()];
    const products = lines.map((line) => found.get(String(line.product)));
    const categories = products.map((product) =>
      product?.category ? String(product.category) : null,
    );
    return { lines, categories, products };

    function lineOf({ productId, variantId, quantity, field }: WantedLine): OrderLine {
      const product = found.get(productId);
      if (!product) throw badInput('A product in the cart no longer exists');
      const variant = chosenVariant(product.variants, variantId);
      if (!variant) {
        throw badInput(
          variantId === undefined
            ? `${field}.variantId: ${VARIANT_RULES.chooseVariant(product.name)}`
            : `${field}.variantId: ${VARIANT_RULES.noSuchVariant}`,
        );
      }
      if (!variant.onSale)
        throw badInput(VARIANT_RULES.notOnSale(variantName(product.name, variant.values)));
      return {
        product: product._id,
        variant: variant._id,
        name: product.name,
        sku: variant.sku,
        choices: product.options.map((option, index) => ({
          name: option.name,
          value: variant.values[index],
        })),
        photoHash: variant.photoHash ?? firstPhoto(product)?.hash ?? null,
        price: variant.price,
        quantity,
        cancelled: 0,
        discount: 0,
      };
    }
  }
}

/** One line per variant, quantities added up, every quantity checked. */
export function mergeLines(lines: readonly CheckoutLine[]): WantedLine[] {
  if (lines.length === 0) throw badInput(ORDER_RULES.emptyCart);
  if (lines.length > MAX_ORDER_LINES) throw badInput(ORDER_RULES.tooManyLines);
  const merged = new Map<string, WantedLine>();
  lines.forEach(({ productId, variantId, quantity }, index) => {
    toObjectId(productId, 'product id');
    if (variantId != null) toObjectId(variantId, 'variant id');
    if (!obeys(ORDER_RULES.lineQuantity, quantity)) {
      throw badInput(ORDER_RULES.lineQuantity.message);
    }
    const key = `${productId}/${variantId ?? ''}`;
    const line = merged.get(key) ?? {
      productId,
      ...(variantId != null && { variantId }),
      quantity: 0,
      field: `lines[${index}]`,
    };
    line.quantity += quantity;
    if (line.quantity > MAX_LINE_QUANTITY) throw badInput(ORDER_RULES.productQuantity);
    merged.set(key, line);
  });
  return [...merged.values()];
}
