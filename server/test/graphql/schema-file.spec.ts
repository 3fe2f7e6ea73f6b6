import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/config';
import { useTestShop } from '../support/test-app';

/** The schema without the generated header comment, as the server prints it. */
function withoutHeader(sdl: string): string {
  return sdl.replace(/^(#.*\n)+\n?/, '').trim();
}

describe('committed schema.graphql', () => {
  const shop = useTestShop();

  it('is exactly what the server serves (run `npm run schema` after changing the API)', () => {
    const served = printSchema(lexicographicSortSchema(shop.app.get(GraphQLSchemaHost).schema));
    const committed = readFileSync(join(repoRoot, 'schema.graphql'), 'utf8');
    expect(withoutHeader(committed)).toBe(served.trim());
  });
});
