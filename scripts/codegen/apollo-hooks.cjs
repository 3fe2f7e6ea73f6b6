// GraphQL Code Generator plugin: one typed Apollo Client 4 hook per operation, over
// the typed documents the client preset writes to graphql.ts beside it:
//   query Products -> useProductsQuery(options)
//   mutation Login -> useLoginMutation(options)
const { Kind } = require('graphql');

const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);

module.exports = {
  plugin(_schema, documents) {
    const operations = documents
      .flatMap((file) => file.document.definitions)
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name)
      .sort((a, b) => a.name.value.localeCompare(b.name.value));

    const imports = new Set();
    const hooks = [];
    for (const operation of operations) {
      const base = pascal(operation.name.value);
      const kind = pascal(operation.operation);
      const data = `${base}${kind}`;
      const variables = `${base}${kind}Variables`;
      const document = `${base}Document`;
      imports.add(data).add(variables).add(document);
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
    const documentImports = [...imports].filter((name) => name.endsWith('Document'));
    const typeImports = [...imports].filter((name) => !name.endsWith('Document'));
    return [
      '// One typed Apollo Client hook per operation (scripts/codegen/apollo-hooks.cjs).',
      "import { useMutation, useQuery } from '@apollo/client/react';",
      `import { ${documentImports.join(', ')} } from './graphql';`,
      `import type { ${typeImports.join(', ')} } from './graphql';`,
      '',
      hooks.join('\n\n'),
      '',
    ].join('\n');
  },
};
