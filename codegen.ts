import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * schema.graphql (emitted by the server) + the client's .graphql operations ->
 * typed documents and Apollo hooks in client/src/gql (never edited by hand).
 */
/** CODEGEN_OUT lets the staleness check generate elsewhere and compare. */
const out = (process.env.CODEGEN_OUT ?? 'client/src/gql').replace(/\/$/, '');

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: false,
  generates: {
    [`${out}/`]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: {
        scalars: { DateTime: 'string', Upload: 'File' },
        enumsAsTypes: true,
        useTypeImports: true,
        skipTypename: false,
      },
    },
    [`${out}/hooks.ts`]: {
      plugins: ['./scripts/codegen/apollo-hooks.cjs'],
    },
  },
};

export default config;
