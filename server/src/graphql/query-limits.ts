import {
  ASTVisitor,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
} from 'graphql';

export const MAX_QUERY_DEPTH = 10;
/**
 * Schema introspection, as the explorer and code generators send it (graphql-js's
 * getIntrospectionQuery), nests type references 15 levels deep. Its answer is bounded by the
 * schema, not by stored data, so it gets a depth of its own.
 */
export const MAX_INTROSPECTION_DEPTH = 15;
/** Fields in one operation once fragments are expanded; generous for real screens. */
export const MAX_QUERY_FIELDS = 400;

interface Measure {
  depth: number;
  fields: number;
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  visiting: Set<string>,
): Measure {
  let result: Measure = { depth, fields: 0 };
  for (const selection of selectionSet.selections) {
    let inner: Measure | null = null;
    if (selection.kind === Kind.FIELD) {
      inner = selection.selectionSet
        ? measure(selection.selectionSet, fragments, depth + 1, visiting)
        : { depth: depth + 1, fields: 0 };
      inner = { depth: inner.depth, fields: inner.fields + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragments, depth, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      // A fragment that spreads itself is reported by graphql's own rules.
      if (fragment && !visiting.has(name)) {
        visiting.add(name);
        inner = measure(fragment.selectionSet, fragments, depth, visiting);
        visiting.delete(name);
      }
    }
    if (inner)
      result = { depth: Math.max(result.depth, inner.depth), fields: result.fields + inner.fields };
  }
  return result;
}

/** Asks only about the schema: every top-level field is __schema, __type or __typename. */
function isIntrospection(operation: OperationDefinitionNode): boolean {
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
  );
}

/**
 * Refuses operations nested deeper than MAX_QUERY_DEPTH or selecting more than
 * MAX_QUERY_FIELDS fields, before anything runs. Page sizes are capped by the
 * resolvers, so these two bounds cap the work one request can cause.
 */
export function queryLimits(context: ValidationContext): ASTVisitor {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return {
    OperationDefinition(operation: OperationDefinitionNode) {
      const { depth, fields } = measure(operation.selectionSet, fragments, 0, new Set());
      const maxDepth = isIntrospection(operation) ? MAX_INTROSPECTION_DEPTH : MAX_QUERY_DEPTH;
      if (depth > maxDepth) {
        context.reportError(
          new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${maxDepth}`, {
            nodes: [operation],
          }),
        );
      } else if (fields > MAX_QUERY_FIELDS) {
        context.reportError(
          new GraphQLError(`Query selects ${fields} fields; the limit is ${MAX_QUERY_FIELDS}`, {
            nodes: [operation],
          }),
        );
      }
    },
  };
}
