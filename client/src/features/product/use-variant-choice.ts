import { useSearchParams } from 'react-router-dom';
import type { VariantFieldsFragment } from '../../gql/graphql';
import { choiceOf, variantOf, withChoice } from './variant-choice';

interface Sold {
  options: { name: string; values: string[] }[];
  variants: VariantFieldsFragment[];
}

/**
 * The options chosen on a product's page, kept in its URL (`?size=M&colour=Blue`) so a reload
 * or a shared link shows the same choice. A new choice replaces the history entry: back
 * leaves the page rather than stepping through sizes.
 */
export function useVariantChoice({ options, variants }: Sold) {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params, options);
  return {
    choice,
    /** The variant of a full choice; a product sold one way has its only one. */
    variant: variantOf(variants, options, choice),
    choose: (option: string, value: string) =>
      setParams(withChoice(params, options, { ...choice, [option]: value }), { replace: true }),
  };
}
