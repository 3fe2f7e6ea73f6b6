import type { VariantFieldsFragment } from '../../gql/graphql';

interface ProductOption {
  name: string;
  values: string[];
}

/** The value chosen of each option, by the option's name; an option not chosen yet is absent. */
export type Choice = Record<string, string>;

/** Why a value cannot be chosen beside the others chosen, or null when it can. */
export type Unavailable = 'out of stock' | 'not sold' | null;

/** An option's name as the URL holds it: `?size=M&colour=Blue`. */
export const paramOf = (option: ProductOption) => option.name.toLowerCase();

/** The choice a URL holds; a value the option does not list is ignored. */
export function choiceOf(params: URLSearchParams, options: readonly ProductOption[]): Choice {
  const choice: Choice = {};
  for (const option of options) {
    const value = params.get(paramOf(option));
    if (value !== null && option.values.includes(value)) choice[option.name] = value;
  }
  return choice;
}

/** The URL's parameters with `choice` written over those of the options. */
export function withChoice(
  params: URLSearchParams,
  options: readonly ProductOption[],
  choice: Choice,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const option of options) {
    const value = choice[option.name];
    if (value === undefined) next.delete(paramOf(option));
    else next.set(paramOf(option), value);
  }
  return next;
}

/** Whether a variant has every value chosen (options not chosen match any value). */
const matches = (
  variant: VariantFieldsFragment,
  options: readonly ProductOption[],
  choice: Choice,
) =>
  options.every(
    (option, index) =>
      choice[option.name] === undefined || variant.values[index] === choice[option.name],
  );

/** The variant of a full choice, on sale; undefined until every option is chosen. */
export function variantOf(
  variants: readonly VariantFieldsFragment[],
  options: readonly ProductOption[],
  choice: Choice,
): VariantFieldsFragment | undefined {
  if (options.some((option) => choice[option.name] === undefined)) return undefined;
  return variants.find((variant) => variant.onSale && matches(variant, options, choice));
}

/**
 * Whether `value` of `option` can be chosen beside the other options' values chosen: some
 * variant on sale has them all and units in stock. A value no variant on sale has with the
 * others is "not sold"; one whose variants are all sold out is "out of stock".
 */
export function unavailability(
  variants: readonly VariantFieldsFragment[],
  options: readonly ProductOption[],
  choice: Choice,
  option: ProductOption,
  value: string,
): Unavailable {
  const wanted = { ...choice, [option.name]: value };
  const sold = variants.filter((variant) => variant.onSale && matches(variant, options, wanted));
  if (sold.length === 0) return 'not sold';
  return sold.some((variant) => variant.quantity > 0) ? null : 'out of stock';
}
