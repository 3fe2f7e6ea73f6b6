import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  GraphQLSchema,
  IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/config';
import { useTestShop } from '../support/test-app';
import { expectRequestRefused, gql, gqlOk } from '../support/gql';

const normalised = (schema: GraphQLSchema): string => printSchema(lexicographicSortSchema(schema));

describe('GraphQL introspection, as standard tools send it', () => {
  const shop = useTestShop();

  it("answers graphql-js's getIntrospectionQuery() with the committed schema.graphql", async () => {
    const data = await gqlOk<IntrospectionQuery>(shop, getIntrospectionQuery());
    const committed = buildSchema(readFileSync(join(repoRoot, 'schema.graphql'), 'utf8'));
    expect(normalised(buildClientSchema(data))).toBe(normalised(committed));
  });

  it('answers the fullest variant too, which explorers send for their docs pane', async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const data = await gqlOk<IntrospectionQuery>(shop, query);
    expect(buildClientSchema(data).getQueryType()?.getFields()).toHaveProperty('products');
  });
});

describe('GraphQL introspection turned off', () => {
  const shop = useTestShop({ env: { GRAPHQL_INTROSPECTION: 'false' } });

  it('refuses the introspection query and still runs others', async () => {
    expectRequestRefused(await gql(shop, getIntrospectionQuery()), 'GRAPHQL_VALIDATION_FAILED');
    expect(await gqlOk(shop, '{ categories { id } }')).toEqual({ categories: [] });
  });
});
