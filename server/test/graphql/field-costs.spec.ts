import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  GraphQLSchema,
  isListType,
  isObjectType,
  isLeafType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldCostOf } from '../../src/common/graphql/field-cost';
import { useTestShop } from '../support/test-app';

/**
 * Every list of objects in `schema` that declares no cost (@FieldCost): a paged list is priced
 * by its page size, and a page's items by it, so those need none.
 */
function listsWithoutCost(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && !type.name.startsWith('__'))
    .flatMap((type) => {
      if (!isObjectType(type)) return [];
      const fields = type.getFields();
      const isPage = 'pageSize' in fields;
      return Object.values(fields)
        .filter(
          (field) =>
            isListType(getNullableType(field.type)) &&
            !isLeafType(getNamedType(field.type)) &&
            !field.args.some((arg) => arg.name === 'pageSize') &&
            !(isPage && field.name === 'items') &&
            fieldCostOf(field)?.maxItems === undefined,
        )
        .map((field) => `${type.name}.${field.name}`);
    });
}

describe('GraphQL field costs', () => {
  const shop = useTestShop();

  it('are declared for every list of objects, beside its field or query', () => {
    expect(listsWithoutCost(shop.app.get(GraphQLSchemaHost).schema)).toEqual([]);
  });

  it('are found missing on a list of objects that declares none', () => {
    const schema = buildSchema(`
      type Item { name: String! }
      type ItemPage { items: [Item!]! pageSize: Int! }
      type Query { items: [Item!]! names: [String!]! page(pageSize: Int): ItemPage! }
    `);
    expect(listsWithoutCost(schema)).toEqual(['Query.items']);
  });
});
