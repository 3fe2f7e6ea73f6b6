import { Injectable } from '@nestjs/common';
import { chosenVariant, firstPhoto, ProductReads, variantName } from '../catalogue';
import { toObjectId } from '../common/object-id';
import { badInput } from '../common/shop-error';
import { CartShipping, DeliveryService } from '../delivery';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  obeys,
  ORDER_RULES,
  VARIANT_RULES,
} from '../shared/rules';
import { OrderLine } from './order.schema';

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

/** What a cart costs, in paise: the goods priced from the database, and shipping. */
export interface OrderQuote {
  lines: OrderLine[];
  /** The lines at their prices. */
  goods: number;
  shipping: CartShipping;
  /** Goods and shipping: what the card is charged. */
  total: number;
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
  ) {}

  /** The quote for a cart's lines, to `pin` when given (refused naming `pinField`). */
  quote(lines: readonly CheckoutLine[], pin: string | null | undefined, pinField: string) {
    return this.priced(mergeLines(lines), pin, pinField);
  }

  /** As quote, for lines already merged (checkout merges them first, to refuse them early). */
  async priced(
    wanted: readonly WantedLine[],
    pin: string | null | undefined,
    pinField: string,
  ): Promise<OrderQuote> {
    const lines = await this.priceLines(wanted);
    const goods = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const shipping = await this.delivery.shippingFor(goods, pin, pinField);
    return { lines, goods, shipping, total: goods + shipping.charge };
  }

  /**
   * Each wanted line with its variant as stored now, priced from the database: the client's
   * prices are never read. The variant and its options are copied onto the line, as bought;
   * lines naming one variant two ways (by its id, and as the product's only one) become one.
   */
  private async priceLines(wanted: readonly WantedLine[]): Promise<OrderLine[]> {
    const ids = [...new Set(wanted.map((line) => line.productId))];
    const stored = await this.products.readStored(ids.map((id) => toObjectId(id, 'product id')));
    const found = new Map(stored.map((product) => [String(product._id), product]));
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
    return [...byVariant.values()];

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
