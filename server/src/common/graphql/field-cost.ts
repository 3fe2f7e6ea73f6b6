import { Extensions } from '@nestjs/graphql';
import type { GraphQLField } from 'graphql';
import { MAX_PAGE_SIZE } from '../../shared/rules';

/**
 * What a GraphQL field costs, declared beside the field (graphql/operation-limits.ts prices
 * operations with it). The unit is about one object answered.
 */
export interface FieldCostSpec {
  /**
   * A list: the most items it can hold, fixed by the shop's rules or by the field's arguments.
   * Each item costs what is asked of it. Every list of objects must say (a test checks).
   */
  maxItems?: number | ((args: Record<string, unknown>) => number);
  /** Worked out from the parent's own fields, reading nothing: free, as plain values are. */
  free?: boolean;
  /**
   * Looks up the text it is given in the search index, as a product search does: charged what a
   * search costs on top, whatever is asked of its answer.
   */
  searches?: boolean;
  /**
   * Reads this many documents by `_id` from the database whatever is asked of its answer (a
   * cart's quote reads each line's product): each costs one.
   */
  reads?: (args: Record<string, unknown>) => number;
}

/**
 * For lists the shop does not bound (every category, a shopper's orders): counted as a full
 * page, the most a paged list may return at once.
 */
export const AS_A_FULL_PAGE = MAX_PAGE_SIZE;

/** `value` as a count from 1 to `max`: how many items a list argument can ask for. */
export const atMost = (value: unknown, max: number): number =>
  Math.min(Math.max(Number(value) || 1, 1), max);

/** Declares the cost of the field or query it decorates. */
export const FieldCost = (cost: FieldCostSpec) => Extensions({ cost });

/** The cost declared on a field of the schema, if any. */
export function fieldCostOf(field: GraphQLField<unknown, unknown>): FieldCostSpec | undefined {
  return field.extensions?.cost as FieldCostSpec | undefined;
}
