// GraphQL Code Generator plugin: one typed Apollo Client 4 hook per operation.
//   query Products -> useProductsQuery(options)
//   mutation Login -> useLoginMutation(options)
//
// `area: 'storefront'` (hooks.ts): the operations of every other folder, over the typed
// documents the client preset writes to graphql.ts beside it.
// `area: 'admin'` (admin-hooks.ts) and `area: 'account'` (account-hooks.ts): the operations of
// client/src/features/admin, and of features/account and features/cart (the shopper's cart,
// checkout, orders and account pages), each with its document written here, so that those
// documents are downloaded with those pages only: graphql.ts is one module, and every document
// the app imports from it goes to the first visit's bundle.
const { Kind, visit } = require('graphql');

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);
/** The area whose hooks file holds an operation, by the folder of its .graphql file. */
const areaOf = (location) => {
  if (/[\\/]features[\\/]admin[\\/]/.test(location ?? '')) return 'admin';
  if (/[\\/]features[\\/](account|cart)[\\/]/.test(location ?? '')) return 'account';
  return 'storefront';
};

/**
 * The operation with every fragment it spreads, as a document without locations; fragments in
 * the client preset's order (each after those it spreads), so that both print alike.
 */
function documentOf(operation, fragments) {
  const ordered = new Map();
  const spreadsOf = (node) => {
    const names = [];
    visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
    return names;
  };
  const add = (name) => {
    if (ordered.has(name)) return;
    ordered.set(name, null);
    for (const inner of spreadsOf(fragments.get(name))) add(inner);
    // Re-inserted after what it spreads.
    ordered.delete(name);
    ordered.set(name, fragments.get(name));
  };
  for (const name of spreadsOf(operation)) add(name);
  // As the preset writes documents: no locations, no empty lists (directives, arguments).
  const withoutLoc = (key, value) =>
    key === 'loc' || (Array.isArray(value) && value.length === 0) ? undefined : value;
  return JSON.stringify(
    { kind: 'Document', definitions: [operation, ...ordered.values()] },
    withoutLoc,
  );
}

module.exports = {
  plugin(_schema, documents, config) {
    const area = config.area ?? 'storefront';
    const fragments = new Map(
      documents
        .flatMap((file) => file.document.definitions)
        .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((definition) => [definition.name.value, definition]),
    );
    const operations = documents
      .filter((file) => areaOf(file.location) === area)
      .flatMap((file) => file.document.definitions)
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name)
      .sort((a, b) => a.name.value.localeCompare(b.name.value));

    const typeImports = new Set();
    const documentImports = new Set();
    const written = [];
    const hooks = [];
    for (const operation of operations) {
      const base = pascal(operation.name.value);
      const kind = pascal(operation.operation);
      const data = `${base}${kind}`;
      const variables = `${base}${kind}Variables`;
      const document = `${base}Document`;
      typeImports.add(data).add(variables);
      if (area !== 'storefront') {
        written.push(
          `const ${document} = ${documentOf(operation, fragments)} as unknown as ` +
            `TypedDocumentNode<${data}, ${variables}>;`,
        );
      } else {
        documentImports.add(document);
      }
      if (operation.operation === 'query') {
        hooks.push(
          `export const use${base}Query = (options?: useQuery.Options<${data}, ${variables}>) =>\n` +
            `  useQuery(${document}, options as useQuery.Options<${data}, ${variables}>);`,
        );
      } else if (operation.operation === 'mutation') {
        hooks.push(
          `export const use${base}Mutation = (options?: useMutation.Options<${data}, ${variables}>) =>\n` +
            `  useMutation(${document}, options);`,
        );
      }
    }
    return [
      '// One typed Apollo Client hook per operation (scripts/codegen/apollo-hooks.cjs).',
      "import { useMutation, useQuery } from '@apollo/client/react';",
      ...(area !== 'storefront'
        ? ["import type { TypedDocumentNode } from '@graphql-typed-document-node/core';"]
        : [`import { ${[...documentImports].join(', ')} } from './graphql';`]),
      `import type { ${[...typeImports].join(', ')} } from './graphql';`,
      '',
      ...(written.length ? [written.join('\n'), ''] : []),
      hooks.join('\n\n'),
      '',
    ].join('\n');
  },
};
