import { Injectable } from '@nestjs/common';
import {
  defaultFieldResolver,
  DirectiveNode,
  DocumentNode,
  FieldNode,
  getDirectiveValues,
  getNamedType,
  GraphQLField,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLSchema,
  isCompositeType,
  isObjectType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { ShopRequest } from '../auth';
import { AskedBefore } from '../common/asked-before';
import { cacheControlDirective } from '../common/graphql/cache-hints';
import { EVERY_PRODUCT } from '../catalogue';
import type { LoaderFactory, Loaders } from '../lookups';

/*
 * Which GraphQL answers are the same for every viewer, read from the document alone, and the
 * public queries Apollo has accepted, kept so that GraphqlCachedResponseMiddleware can run them
 * again without Apollo's pipeline (graphql/cached-responses.ts).
 */

/** What every resolver is given: the request, its loaders, the products whose stock it shows. */
export interface GraphqlContext {
  req: ShopRequest;
  loaders: Loaders;
  /** Ids of the products whose units in stock the answer shows, or EVERY_PRODUCT. */
  stockShown: Set<string>;
}

export function graphqlContext(req: ShopRequest, loaders: LoaderFactory): GraphqlContext {
  return { req, loaders: loaders.create(), stockShown: new Set() };
}

/**
 * The fields that show a product's units in stock, by type: an answer asking for them is
 * kept only while the stock of the products it shows does not change (CachedResponses).
 * `updatedAt` moves with every stock write. `variants` stands for its variants' units: a
 * variant has no product id of its own to be named by.
 */
const SHOWING_STOCK: Record<string, ReadonlySet<string>> = {
  Product: new Set(['quantity', 'stockLevel', 'updatedAt', 'variants']),
};

/**
 * Makes the schema note in `stockShown` the products whose stock an answer shows, and
 * EVERY_PRODUCT for a list chosen by stock level (which products enter or leave as their units
 * cross its bounds). Given to GraphQLModule as `transformSchema`, so Apollo and the middleware
 * in front of it note them alike.
 */
export function noteStockShown(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const showing = SHOWING_STOCK[type.name];
    for (const field of Object.values(type.getFields())) {
      const byStock = field.args.some((arg) => arg.name === 'filter');
      if (!showing?.has(field.name) && !byStock) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: Partial<GraphqlContext>, info) => {
        if (showing?.has(field.name)) {
          context.stockShown?.add(String((source as { _id: unknown })._id));
        }
        if (byStock && (args.filter as { stock?: unknown } | undefined)?.stock) {
          context.stockShown?.add(EVERY_PRODUCT);
        }
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}

/** A cache hint as Apollo's cache-control plugin reads it from `@cacheControl`. */
interface Hint {
  maxAge?: number;
  scope?: string;
}

/** The hint a field or type declares: only the arguments it gives. */
function hintOf(node: { astNode?: { directives?: readonly DirectiveNode[] } | null }): Hint {
  return ((node.astNode && getDirectiveValues(cacheControlDirective, node.astNode)) ?? {}) as Hint;
}

/**
 * Whether a field may be in an answer that is the same for every viewer, by Apollo's rules: the
 * field's hint overrides its type's; a root field, and a field of an object type, needs a
 * maxAge; a maxAge of 0 or a PRIVATE scope makes the whole answer unkept.
 */
function isPublicField(field: GraphQLField<unknown, unknown>, root: boolean): boolean {
  const type: GraphQLNamedType = getNamedType(field.type);
  const composite = isCompositeType(type);
  const hint = { ...(composite ? hintOf(type) : {}), ...hintOf(field) };
  if (hint.scope === 'PRIVATE' || hint.maxAge === 0) return false;
  return hint.maxAge !== undefined || (!composite && !root);
}

/**
 * Whether every field the operation can ask for is public, whatever its variables: every
 * branch counts, skipped or not, and fields under a null the same as the rest. Apollo decides
 * from the fields it resolved; reading the document asks more, never less.
 */
function everyFieldPublic(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const checked = new Map<string, boolean>();
  const publicSelection = (
    type: GraphQLObjectType,
    selections: SelectionSetNode,
    root: boolean,
  ): boolean =>
    selections.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return publicField(type, selection, root);
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : type;
        return isObjectType(on) && publicSelection(on, selection.selectionSet, root);
      }
      const name = selection.name.value;
      if (!checked.has(name)) {
        // Marked first: a fragment spread within itself (refused by validation) ends here.
        checked.set(name, false);
        const fragment = fragments.get(name);
        const on = fragment && schema.getType(fragment.typeCondition.name.value);
        checked.set(
          name,
          !!fragment && isObjectType(on) && publicSelection(on, fragment.selectionSet, root),
        );
      }
      return checked.get(name)!;
    });
  const publicField = (type: GraphQLObjectType, node: FieldNode, root: boolean): boolean => {
    if (node.name.value === '__typename') return true;
    const field = type.getFields()[node.name.value];
    if (!field || !isPublicField(field, root)) return false;
    const inner = getNamedType(field.type);
    if (!node.selectionSet) return true;
    return isObjectType(inner) && publicSelection(inner, node.selectionSet, false);
  };
  const root = schema.getQueryType();
  return (
    operation.operation === 'query' && !!root && publicSelection(root, operation.selectionSet, true)
  );
}

const publicByDocument = new WeakMap<DocumentNode, Map<OperationDefinitionNode, boolean>>();

/** everyFieldPublic, worked out once per document Apollo keeps parsed. */
export function isPublicQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  let known = publicByDocument.get(document);
  if (!known) publicByDocument.set(document, (known = new Map()));
  let answer = known.get(operation);
  if (answer === undefined) {
    answer = everyFieldPublic(schema, document, operation);
    known.set(operation, answer);
  }
  return answer;
}

/** A public query Apollo accepted: parsed, valid, within the limits on documents. */
interface AcceptedQuery {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** An accepted query, compiled to run (graphql-jit: a quarter of graphql-js's time for a page). */
export interface KnownQuery extends AcceptedQuery {
  compiled: CompiledQuery;
}

/** The storefront sends a dozen texts; room for many more, bounded whatever clients send. */
const KNOWN_QUERIES = 500;
/** Texts remembered as accepted once, not yet compiled. */
const ACCEPTED_ONCE = 5_000;

/**
 * Public queries by their text and operation name, as Apollo accepted them, from the second
 * time it does: compiling a page takes about a millisecond, so texts sent once each (a comment
 * changed every time) are never compiled. Only the text is the key: the same text is the same
 * document, whose validity and publicness do not depend on the variables (those are checked
 * again on every run).
 */
@Injectable()
export class PublicQueries {
  private readonly known = new LRUCache<string, KnownQuery>({ max: KNOWN_QUERIES });
  private readonly accepted = new AskedBefore(ACCEPTED_ONCE);

  remember(query: string, operationName: unknown, accepted: AcceptedQuery): void {
    const key = keyOf(query, operationName);
    if (this.known.has(key) || !this.accepted.check(key)) return;
    const { schema, document, operation } = accepted;
    const compiled = compileQuery(schema, document, operation.name?.value);
    // Left to Apollo when graphql-jit cannot compile it.
    if (isCompiledQuery(compiled)) this.known.set(key, { ...accepted, compiled });
  }

  find(query: string, operationName: unknown): KnownQuery | undefined {
    return this.known.get(keyOf(query, operationName));
  }
}

const keyOf = (query: string, operationName: unknown) =>
  typeof operationName === 'string' ? `${operationName}\n${query}` : query;
