import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  DocumentNode,
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLError,
  GraphQLSchema,
  isIntrospectionType,
  isLeafType,
  isListType,
  isObjectType,
  OperationDefinitionNode,
  ParseOptions,
  ValidationContext,
  ValidationRule,
} from 'graphql';
import { ComplexityEstimator, getComplexity } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';
import { MAX_PAGE_SIZE } from '../shared/rules';
import { AS_A_FULL_PAGE, atMost, fieldCostOf } from '../common/graphql/field-cost';

/*
 * Every limit on what one GraphQL operation may ask, in one place. Each check is linear in
 * the size of the document: fragments are measured once, however often they are spread.
 */

/** Levels of fields in a user query, fragments flattened. The client's deepest needs 5. */
export const MAX_DEPTH = 10;
/** Levels including introspection: graphql-js's getIntrospectionQuery() is 13 to 15 deep. */
export const MAX_INTROSPECTION_DEPTH = 15;
/**
 * Aliased fields (`__typename` aside). The cost limit already charges every aliased lookup
 * or list; this cap bounds the repetition of cheap fields, which the cost model lets through.
 */
export const MAX_ALIASES = 200;
export const MAX_DIRECTIVES = 20;
/** Lexical tokens in a document; graphql-js stops parsing past this. */
export const MAX_TOKENS = 5_000;
/** Fields once fragments are spread; the cost analysis stops counting here. */
export const MAX_FIELDS = 1_000;
/** The most one operation may cost (see the cost model below). */
export const MAX_COST = 12_000;

/*
 * The cost model, in units of about one object answered: a document read from the database
 * or an object built for the answer. Plain values (names, prices) cost nothing; lists
 * multiply what each of their items costs by the most items they can hold.
 */

/** A page: its find and its count. */
const PAGE_COST = 2;
/** A change: a write, and the reads its rules need. */
const WRITE_COST = 10;
/**
 * A search scores every product its words match in the search index (catalogue/read-model/
 * product-search.ts), whatever the page size: dearer than a plain page. So do the suggestions
 * for a text (@FieldCost `searches`).
 */
export const SEARCH_COST = 2 * MAX_PAGE_SIZE;
/**
 * Introspection reads no data, only the schema in memory, so its single objects are free;
 * but nesting its lists (fields > type > fields > ...) grows the answer exponentially, so
 * each list counts as this many items, which refuses such nesting.
 */
const INTROSPECTION_LIST_LENGTH = 10;

/*
 * Every other list of objects declares the most items it can hold beside its field or query
 * (@FieldCost, common/graphql/field-cost.ts), and so do objects worked out from their parent
 * for free; a test fails for a list of objects that declares nothing.
 */

/*
 * The estimate reads of the arguments only numbers, list lengths and whether a string is
 * empty (a search asked or not), never what a string says: so a cost worked out once holds
 * for every request of the same document whose variables differ only in their texts (a
 * product page by slug, a search), and is kept (`costShape`).
 */
const estimateCost: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name === 'Mutation') return WRITE_COST + childComplexity;
  if (isLeafType(getNamedType(field.type))) return 0;
  // A paged list (products, orders, users): its items are multiplied here, by the page size
  // asked for, capped as the resolvers cap it.
  if (field.args.some((arg) => arg.name === 'pageSize')) {
    return (
      PAGE_COST +
      (args.search ? SEARCH_COST : 0) +
      atMost(args.pageSize, MAX_PAGE_SIZE) * childComplexity
    );
  }
  const onePageItem =
    field.name === 'items' && isObjectType(type) && 'pageSize' in type.getFields();
  const list = !onePageItem && isListType(getNullableType(field.type));
  if (isIntrospectionType(type)) {
    return list ? INTROSPECTION_LIST_LENGTH * (1 + childComplexity) : childComplexity;
  }
  const declared = fieldCostOf(field);
  const own =
    (declared?.free ? 0 : 1) +
    (declared?.searches ? SEARCH_COST : 0) +
    (declared?.reads?.(args) ?? 0);
  if (!list) return own + childComplexity;
  const { maxItems = AS_A_FULL_PAGE } = declared ?? {};
  const length = typeof maxItems === 'function' ? maxItems(args) : maxItems;
  return length * (own + childComplexity);
};

/**
 * The variables with every text but an empty one made the same, which is all the estimate
 * tells apart: `{ slug: "brass-lamp" }` and `{ slug: "tea-mug" }` cost the same.
 */
function costShape(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? '' : 'text';
  if (Array.isArray(value)) return value.map(costShape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, costShape(v)]));
  }
  return value;
}

/**
 * Costs worked out, by document (Apollo keeps one parsed document per text) and by operation
 * and shape of variables; at 20,000 products working the cost out again took a tenth of a
 * product page's time over GraphQL.
 */
const costsByDocument = new WeakMap<DocumentNode, LRUCache<string, number>>();
const COST_SHAPES_PER_DOCUMENT = 100;

/** A refusal before anything runs: 400, like graphql-js's own validation errors. */
function refusal(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
  });
}

/**
 * What the operation costs, or a refusal when it costs more than MAX_COST or expands to more
 * than MAX_FIELDS fields. Variables count: `pageSize: $size` costs what $size asks for.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): number {
  // Bad variables are refused by Apollo with its usual BAD_USER_INPUT when it runs the
  // operation; nothing runs, so there is nothing to charge.
  if (getVariableValues(schema, operation.variableDefinitions ?? [], variables).errors) return 0;
  let costs = costsByDocument.get(document);
  if (!costs) {
    costs = new LRUCache({ max: COST_SHAPES_PER_DOCUMENT });
    costsByDocument.set(document, costs);
  }
  const key = JSON.stringify([operation.name?.value, costShape(variables)]);
  const known = costs.get(key);
  if (known !== undefined) return known;
  let cost: number;
  try {
    cost = getComplexity({
      schema,
      query: document,
      operationName: operation.name?.value,
      variables,
      estimators: [estimateCost],
      maxQueryNodes: MAX_FIELDS,
    });
  } catch (error) {
    // The document and its variables were valid, so the library's one refusal left is
    // the field count; anything else is a fault of ours.
    if (!(error instanceof GraphQLError)) throw error;
    throw refusal(
      `Query has more than ${MAX_FIELDS} fields once its fragments are spread; the limit is ${MAX_FIELDS}`,
    );
  }
  if (cost > MAX_COST) {
    throw refusal(`Query costs ${cost}; the limit is ${MAX_COST}`);
  }
  costs.set(key, cost);
  return cost;
}

/** GraphQL Armor reports its refusals as "Syntax Error: ..."; they are not syntax errors. */
function report(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
}

const armor = { propagateOnRejection: false, onReject: [report] };

/** Checks of the document alone, run (and cached) by Apollo with graphql-js's own rules. */
export const limitRules: ValidationRule[] = [
  maxDepthRule({ ...armor, n: MAX_DEPTH, flattenFragments: true, ignoreIntrospection: true }),
  maxDepthRule({
    ...armor,
    n: MAX_INTROSPECTION_DEPTH,
    flattenFragments: true,
    ignoreIntrospection: false,
  }),
  maxAliasesRule({ ...armor, n: MAX_ALIASES }),
  maxDirectivesRule({ ...armor, n: MAX_DIRECTIVES }),
];

export const parseOptions: ParseOptions = { maxTokens: MAX_TOKENS };
