import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/config';
import { startTestApp, TestApp } from '../support/test-app';

/** The schema without the generated header comment, as the server prints it. */
function withoutHeader(sdl: string): string {
  return sdl.replace(/^(#.*\n)+\n?/, '').trim();
}

describe('committed schema.graphql', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('is exactly what the server serves (run `npm run schema` after changing the API)', () => {
    const served = printSchema(lexicographicSortSchema(test.app.get(GraphQLSchemaHost).schema));
    const committed = readFileSync(join(repoRoot, 'schema.graphql'), 'utf8');
    expect(withoutHeader(committed)).toBe(served.trim());
  });
});
