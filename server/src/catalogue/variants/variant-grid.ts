import { Types } from 'mongoose';
import { toRupees } from '../../common/money';
import { keyedObjectId } from '../../common/natural-key';
import { badInput } from '../../common/shop-error';
import {
  controlCharactersIn,
  holdsControlCharacters,
  obeys,
  PRODUCT_RULES,
  VARIANT_RULES,
} from '../../shared/rules';
import type { ProductOption, ProductVariant } from '../records/product.schema';

/** A product's options as an API gives them. */
export interface OptionInput {
  name: string;
  values: readonly string[];
}

/** A variant as an API gives it; without `id`, a new one. */
export interface VariantInput {
  id?: string;
  sku: string;
  values: readonly string[];
  /** Whole paise. */
  price: number;
  /** Whole paise; null or left out when none is printed. */
  mrp?: number | null;
  quantity: number;
  onSale?: boolean;
  photoHash?: string | null;
}

/** The options and variants a product is to have, checked and in their stored shape. */
export interface VariantGrid {
  options: ProductOption[];
  variants: ProductVariant[];
}

/** A refusal naming the field it is about, as `variants[2].sku: ...`. */
const refusal = (field: string, message: string) => badInput(`${field}: ${message}`);

/** The form a SKU is stored and compared in. */
export const normaliseSku = (sku: string): string => sku.trim().toUpperCase();

/**
 * Checks the options and variants an admin gives a product against every rule of
 * VARIANT_RULES and the product rules on price and stock, and returns them as stored: SKUs
 * upper case, values spelt as their option spells them, a new id for each new variant.
 * `current` are the product's variants now: a variant given with an id keeps it, and only
 * those ids may be given. The SKUs' uniqueness across the shop is SkuClaims'.
 */
export function checkedGrid(
  options: readonly OptionInput[],
  variants: readonly VariantInput[],
  current: readonly ProductVariant[] = [],
  photoHashes?: ReadonlySet<string>,
): VariantGrid {
  if (options.length > VARIANT_RULES.maxOptions) {
    throw refusal('options', VARIANT_RULES.tooManyOptions);
  }
  const checkedOptions = options.map((option, index) => checkedOption(option, `options[${index}]`));
  const names = new Set<string>();
  checkedOptions.forEach((option, index) => {
    const key = option.name.toLowerCase();
    if (names.has(key)) throw refusal(`options[${index}].name`, VARIANT_RULES.sameOption);
    names.add(key);
  });

  if (variants.length === 0) throw refusal('variants', VARIANT_RULES.noVariant);
  if (variants.length > VARIANT_RULES.maxVariants) {
    throw refusal('variants', VARIANT_RULES.tooManyVariants);
  }
  const currentIds = new Set(current.map((variant) => String(variant._id)));
  const skus = new Set<string>();
  const combinations = new Set<string>();
  const ids = new Set<string>();
  const checkedVariants = variants.map((variant, index): ProductVariant => {
    const field = `variants[${index}]`;
    const sku = normaliseSku(variant.sku ?? '');
    if (!VARIANT_RULES.sku.pattern.test(sku))
      throw refusal(`${field}.sku`, VARIANT_RULES.sku.message);
    if (skus.has(sku)) throw refusal(`${field}.sku`, VARIANT_RULES.sameSku);
    skus.add(sku);

    if (variant.values.length !== checkedOptions.length) {
      throw refusal(`${field}.values`, VARIANT_RULES.values);
    }
    const values = variant.values.map((value, position) => {
      const spelt = checkedOptions[position].values.find(
        (known) => known.toLowerCase() === value.trim().toLowerCase(),
      );
      if (spelt === undefined) throw refusal(`${field}.values`, VARIANT_RULES.values);
      return spelt;
    });
    const combination = JSON.stringify(values.map((value) => value.toLowerCase()));
    if (combinations.has(combination)) {
      throw refusal(`${field}.values`, VARIANT_RULES.sameCombination);
    }
    combinations.add(combination);

    if (!isPaise(variant.price)) throw refusal(`${field}.price`, PRODUCT_RULES.price.message);
    const mrp = variant.mrp ?? null;
    if (mrp !== null && !isPaise(mrp)) throw refusal(`${field}.mrp`, PRODUCT_RULES.price.message);
    if (mrp !== null && mrp < variant.price) {
      throw refusal(`${field}.mrp`, VARIANT_RULES.mrpBelowPrice);
    }
    if (!obeys(PRODUCT_RULES.quantity, variant.quantity)) {
      throw refusal(`${field}.quantity`, PRODUCT_RULES.quantity.message);
    }
    const photoHash = variant.photoHash ?? null;
    if (photoHash !== null && photoHashes && !photoHashes.has(photoHash)) {
      throw refusal(`${field}.photoHash`, 'Not one of the product’s photos');
    }

    let _id: Types.ObjectId;
    if (variant.id === undefined) {
      _id = new Types.ObjectId();
    } else {
      if (!currentIds.has(variant.id) || ids.has(variant.id)) {
        throw refusal(`${field}.id`, VARIANT_RULES.noSuchVariant);
      }
      _id = new Types.ObjectId(variant.id);
    }
    ids.add(String(_id));
    return {
      _id,
      sku,
      values,
      price: variant.price,
      mrp,
      quantity: variant.quantity,
      onSale: variant.onSale ?? true,
      photoHash,
    };
  });
  return { options: checkedOptions, variants: checkedVariants };
}

function checkedOption(option: OptionInput, field: string): ProductOption {
  const name = checkedLabel(option.name, `${field}.name`, VARIANT_RULES.optionName);
  if (option.values.length === 0) throw refusal(`${field}.values`, VARIANT_RULES.noValues);
  if (option.values.length > VARIANT_RULES.maxValues) {
    throw refusal(`${field}.values`, VARIANT_RULES.tooManyValues);
  }
  const seen = new Set<string>();
  const values = option.values.map((value, index) => {
    const label = checkedLabel(value, `${field}.values[${index}]`, VARIANT_RULES.optionValue);
    if (seen.has(label.toLowerCase())) throw refusal(`${field}.values`, VARIANT_RULES.sameValue);
    seen.add(label.toLowerCase());
    return label;
  });
  return { name, values };
}

function checkedLabel(text: unknown, field: string, message: string): string {
  const label = typeof text === 'string' ? text.trim() : '';
  if (!label || label.length > VARIANT_RULES.maxLabel) throw refusal(field, message);
  if (holdsControlCharacters(label)) throw refusal(field, controlCharactersIn(field));
  return label;
}

const isPaise = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  obeys(PRODUCT_RULES.price, toRupees(value));

/**
 * What a product stores beside its variants, so the REST contract's one price and one stock
 * figure stay true: the first variant's price, and the units of all of them.
 */
export function summaryOf(variants: readonly Pick<ProductVariant, 'price' | 'quantity'>[]): {
  price: number;
  quantity: number;
} {
  return {
    price: variants[0]?.price ?? 0,
    quantity: variants.reduce((sum, variant) => sum + variant.quantity, 0),
  };
}

/** The one variant of a product sold one way: the product itself, under `sku`. */
export function implicitVariant(
  sku: string,
  price: number,
  quantity: number,
  _id = new Types.ObjectId(),
): ProductVariant {
  return { _id, sku, values: [], price, mrp: null, quantity, onSale: true, photoHash: null };
}

/**
 * The one variant given to a product stored before variants: its id derived from the
 * product's, so that a migration run twice gives the same.
 */
export const implicitVariantOf = (
  product: Types.ObjectId,
  sku: string,
  price: number,
  quantity: number,
): ProductVariant =>
  implicitVariant(sku, price, quantity, keyedObjectId('variant', String(product)));

/** A SKU made from a product's slug, for a product created without one. */
export const skuFromSlug = (slug: string): string =>
  normaliseSku(slug.slice(0, 40)).replace(/-+$/, '');

/**
 * The variant a shopper chose: the one named, or a product's only variant when none is.
 * Undefined when none matches (gone, or a choice is needed).
 */
export function chosenVariant(
  variants: readonly ProductVariant[],
  variantId: string | undefined,
): ProductVariant | undefined {
  if (variantId === undefined) return variants.length === 1 ? variants[0] : undefined;
  return variants.find((variant) => String(variant._id) === variantId);
}

/** "Kurta (M, Blue)": a variant named for a cart, an order line or a message. */
export function variantName(productName: string, values: readonly string[]): string {
  return values.length === 0 ? productName : `${productName} (${values.join(', ')})`;
}
