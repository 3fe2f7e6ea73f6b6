import type { Types } from 'mongoose';
import type { PhotoLayout } from '../photos/photo-variants';
import type {
  GalleryPhoto,
  ProductOption,
  ProductRecord,
  ProductVariant,
} from '../records/product.schema';

/**
 * Products as the catalogue holds them, for as long as they are shown: the records read from
 * the database, saying exactly what they said, in less memory. At 100,000 products with three
 * variants each the records were about half of the server's heap (docs/decisions/004), and three
 * things there were waste:
 * - copies of the same small values in every product: option names and values ("Size",
 *   "M", "Indigo"), whole option lists and variants' values (most shirts come in S, M and L),
 *   category ids, photo layouts (most photos of a shop share their sizes) and option choices;
 * - room for items that never come: the driver grows each array it decodes to room for 17
 *   items (152 bytes), so a product's one photo, its three variants and its photo's widths
 *   each hold room for 14 to 16 more;
 * - fields held outside the object: a record as decoded holds its fields past the fourth in a
 *   second array that grows three at a time (64 bytes a variant), where an object literal
 *   naming every field holds them inside; fields the schema does not name follow them.
 *
 * Every record the catalogue holds is only read, never changed in place (a change replaces the
 * record), so values shared between records are safe; they are frozen so that a change made in
 * place by mistake fails at once instead of showing on other products.
 */

/**
 * One copy of each value by its key, for as many distinct values as a shop has. Past `most`
 * keys (a shop whose photos all differ in size, say) further values are held unshared, so the
 * pool never holds more than the saving is worth.
 */
export class SharedValues<T> {
  private readonly held = new Map<string, T>();

  constructor(private readonly most: number) {}

  shared(key: string, make: () => T): T {
    const held = this.held.get(key);
    if (held !== undefined) return held;
    const made = make();
    if (this.held.size < this.most) this.held.set(key, made);
    return made;
  }
}

/** Texts, layouts and choices a shop has a few hundred or thousand of; 10,000 is plenty. */
const DISTINCT_VALUES = 10_000;

const texts = new SharedValues<string>(DISTINCT_VALUES);
const layouts = new SharedValues<PhotoLayout>(DISTINCT_VALUES);
const choices = new SharedValues<Readonly<Record<string, string>>>(DISTINCT_VALUES);
const lists = new SharedValues<string[]>(DISTINCT_VALUES);
const optionLists = new SharedValues<ProductOption[]>(DISTINCT_VALUES);
const categoryIds = new SharedValues<Types.ObjectId>(DISTINCT_VALUES);

/** The one copy of a text such as an option value or a category's id. */
export const sharedText = (text: string): string => texts.shared(text, () => text);

/** The one copy of a category's id, which every product in the category names. */
const sharedCategoryId = (id: Types.ObjectId): Types.ObjectId =>
  categoryIds.shared(String(id), () => id);

/** The one frozen copy of a list of texts: a variant's option values, an option's values. */
const sharedList = (list: readonly string[]): string[] =>
  lists.shared(JSON.stringify(list), () => Object.freeze(list.map(sharedText)) as string[]);

/** The one frozen copy of a product's options: most products of a kind offer the same sizes. */
const sharedOptions = (options: readonly ProductOption[]): ProductOption[] =>
  optionLists.shared(
    JSON.stringify(options.map(({ name, values }) => [name, values])),
    () =>
      Object.freeze(
        options.map(({ name, values }) =>
          Object.freeze({ name: sharedText(name), values: sharedList(values) }),
        ),
      ) as ProductOption[],
  );

function heldLayout(layout: PhotoLayout | null): PhotoLayout | null {
  if (!layout) return layout;
  const { width, height, widths, fallback } = layout;
  return layouts.shared(`${width}x${height} ${widths.join(',')} ${fallback}`, () =>
    Object.freeze({ width, height, widths: Object.freeze([...widths]) as number[], fallback }),
  );
}

const heldPhoto = (photo: GalleryPhoto): GalleryPhoto => ({
  ...photo,
  layout: heldLayout(photo.layout),
});

function heldVariant(variant: ProductVariant): ProductVariant {
  const { _id, sku, values, price, mrp, quantity, onSale, photoHash, ...unnamed } = variant;
  return {
    _id,
    sku,
    values: sharedList(values),
    price,
    mrp,
    quantity,
    onSale,
    photoHash,
    ...unnamed,
  };
}

/** The record as held: its values shared, its arrays no longer than their items. */
export function heldProduct<T extends ProductRecord>(product: T): T {
  const {
    _id,
    name,
    slug,
    description,
    price,
    category,
    quantity,
    options,
    variants,
    shipping,
    nameHi,
    descriptionHi,
    hsn,
    taxClass,
    photos,
    rating,
    createdAt,
    updatedAt,
    ...unnamed
  } = product;
  return {
    _id,
    name,
    slug,
    description,
    price,
    category: category && sharedCategoryId(category),
    quantity,
    options: options && sharedOptions(options),
    // `map` makes each array exactly as long as its items.
    variants: variants && variants.map(heldVariant),
    shipping,
    nameHi,
    descriptionHi,
    hsn,
    taxClass,
    photos: photos && photos.map(heldPhoto),
    rating,
    createdAt,
    updatedAt,
    ...unnamed,
  } as T;
}

/**
 * One option choice (a variant's value of each option, by option name), the one copy of it
 * that every product selling the same choice holds.
 */
export function sharedChoice(names: readonly string[], values: readonly string[]) {
  return choices.shared(JSON.stringify([names, values]), () =>
    Object.freeze(Object.fromEntries(names.map((name, at) => [name, values[at]]))),
  );
}
