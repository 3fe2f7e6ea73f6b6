import { Injectable } from '@nestjs/common';
import { toRupees } from '../common/money';
import { SHIPPING_SAC } from '../shared/tax-rules';
import type { IndianState } from '../shared/indian-states';
import { rateOf } from './tax-classes';
import type { TaxClass } from './tax-classes';
import { missingTaxSettings, shopStateOf } from './tax-settings';
import { TaxSettingsService } from './tax-settings.service';
import { splitTax, sumOfSplits, supplyBetween, taxIn } from './tax-split';
import type { Supply, TaxSplit } from './tax-split';

/** A line as taxed: its split, at its rate, under its HSN code (SAC for shipping). */
export interface LineTax extends TaxSplit {
  hsn: string | null;
  rate: number;
}

/** An order's tax as worked out when it was placed; the order keeps it. */
export interface OrderTax {
  /** Where the goods go: the place of supply (the shop's state when not known). */
  placeOfSupply: { code: string; name: string };
  supply: Supply;
  /** One for each of the order's lines, in order. */
  lines: LineTax[];
  /** Null without a shipping charge. */
  shipping: LineTax | null;
  /** Every line's and the shipping's, added up. */
  totals: TaxSplit;
  /** All the tax in the order, paise: what "inclusive of GST" names. */
  amount: number;
}

/** A line to tax: what it sells for after its discounts, tax included. */
export interface LineToTax {
  value: number;
  quantity: number;
  hsn: string | null;
  taxClass: string | null;
}

/**
 * The tax within an order's prices (which include it, as Indian consumer prices do), line by
 * line at each product's class's rate on the day, CGST and SGST/UTGST within the shop's state,
 * IGST to another (tax-split.ts for the rounding rule). Shipping is taxed at the rate in the
 * settings, or at the rate of the line worth most (the main goods). Null while the shop is not
 * registered for GST or its settings lack what an invoice needs: nothing is charged as tax.
 */
@Injectable()
export class OrderTaxes {
  constructor(private readonly settings: TaxSettingsService) {}

  async taxOf(
    lines: readonly LineToTax[],
    shipping: number,
    deliveredIn: IndianState | null,
    at: Date,
  ): Promise<OrderTax | null> {
    const [settings, { classes }] = await Promise.all([
      this.settings.read(),
      this.settings.classes(),
    ]);
    const shop = shopStateOf(settings);
    if (!shop || missingTaxSettings(settings).length > 0 || !settings.registered) return null;
    const place = deliveredIn ?? shop;
    const supply = supplyBetween(shop, place);
    const byCode = new Map(classes.map((taxClass) => [taxClass.code, taxClass]));
    const fallback = byCode.get(settings.defaultTaxClass) ?? classes[0];
    const classOf = (code: string | null): TaxClass =>
      (code !== null && byCode.get(code)) || fallback;

    const taxed = lines.map((line): LineTax => {
      const rate = rateOf(classOf(line.taxClass), line.value / line.quantity, at);
      return { hsn: line.hsn, rate, ...splitTax(line.value, rate, supply) };
    });
    let shippingTax: LineTax | null = null;
    if (shipping > 0) {
      const rate = settings.shippingRate ?? mainRate(lines, taxed);
      shippingTax = { hsn: SHIPPING_SAC, rate, ...splitTax(shipping, rate, supply) };
    }
    const totals = sumOfSplits(shippingTax ? [...taxed, shippingTax] : taxed);
    return {
      placeOfSupply: { code: place.code, name: place.name },
      supply,
      lines: taxed,
      shipping: shippingTax,
      totals,
      amount: taxIn(totals),
    };
  }
}

/** The rate of the line worth most; of those worth the same, the highest. */
function mainRate(lines: readonly LineToTax[], taxed: readonly LineTax[]): number {
  let main = 0;
  for (let at = 1; at < lines.length; at += 1) {
    const worth = lines[at].value - lines[main].value;
    if (worth > 0 || (worth === 0 && taxed[at].rate > taxed[main].rate)) main = at;
  }
  return taxed[main]?.rate ?? 0;
}

const inRupees = <T extends TaxSplit>(split: T): T => ({
  ...split,
  taxable: toRupees(split.taxable),
  cgst: toRupees(split.cgst),
  sgst: toRupees(split.sgst),
  utgst: toRupees(split.utgst),
  igst: toRupees(split.igst),
});

/** A line's tax as REST answers it: amounts in rupees. */
export const lineTaxInRupees = (tax: LineTax | undefined | null): LineTax | null =>
  tax ? inRupees(tax) : null;

/** An order's tax (without its lines') as REST answers it: amounts in rupees. */
export function orderTaxInRupees<T extends Omit<OrderTax, 'lines'>>(tax: T | undefined | null) {
  if (!tax) return null;
  return {
    ...tax,
    shipping: lineTaxInRupees(tax.shipping),
    totals: inRupees(tax.totals),
    amount: toRupees(tax.amount),
  };
}
