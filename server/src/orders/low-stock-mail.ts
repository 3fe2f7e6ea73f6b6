import type { MailView } from '../notifications';
import { shopDay } from '../common/shop-days';
import { choicesNamed } from './order.schema';
import type { OrderLine, OrderRecord } from './order.schema';

/** One variant an order left low in stock, as the alert names it. */
export interface LowStockItem {
  variantId: string;
  name: string;
  /** "Size M · Colour Blue", or empty. */
  details: string;
  sku: string | null;
  left: number;
  /** The admin's page of the product. */
  url: string;
}

/**
 * The variants of a placed order's lines left at `threshold` units or fewer (still on sale),
 * as the catalogue has them now. `stockOf` answers a line's variant's units and whether it is on
 * sale, or null when the product or variant is gone.
 */
export function lowStockOf(
  order: OrderRecord,
  threshold: number,
  stockOf: (line: OrderLine) => { left: number; onSale: boolean; slug: string } | null,
  adminProductUrl: (slug: string) => string,
): LowStockItem[] {
  if (threshold === 0) return [];
  const seen = new Set<string>();
  const low: LowStockItem[] = [];
  for (const line of order.lines) {
    const stock = stockOf(line);
    const variantId = String(line.variant ?? line.product);
    if (!stock?.onSale || stock.left > threshold || seen.has(variantId)) continue;
    seen.add(variantId);
    low.push({
      variantId,
      name: line.name,
      details: choicesNamed(line).join(' · '),
      sku: line.sku,
      left: stock.left,
      url: adminProductUrl(stock.slug),
    });
  }
  return low;
}

/**
 * The key of an alert: once a day per variant, whatever the orders that keep it low, so the
 * shop hears of it again the next day while it stays low, and not with every sale.
 */
export const lowStockKey = (item: LowStockItem, order: OrderRecord, to: string): string =>
  `low-stock/${item.variantId}/${shopDay(order.createdAt.getTime())}/${to}`;

export function lowStockMailOf(
  item: LowStockItem,
  shopName: string,
): { subject: string; view: MailView } {
  const named = item.details ? `${item.name} (${item.details})` : item.name;
  const left = item.left === 0 ? 'sold out' : `${item.left} left`;
  return {
    subject: `Low stock: ${named}, ${left}`,
    view: {
      // To the shop, whose dashboard is in English.
      language: 'en',
      shopName,
      preview: `${named} is ${left === 'sold out' ? 'sold out' : `down to ${left}`}`,
      heading: item.left === 0 ? 'Sold out' : 'Running low',
      paragraphs: [
        `${named}${item.sku ? ` (SKU ${item.sku})` : ''} has ${
          item.left === 0 ? 'no units left' : `${item.left} unit${item.left === 1 ? '' : 's'} left`
        } after the latest order.`,
        'Restock it, or take it off sale, from its page.',
      ],
      action: { label: 'Open the product', url: item.url },
      footer: `${shopName} sends this at most once a day for each item while its stock is low.`,
    },
  };
}
