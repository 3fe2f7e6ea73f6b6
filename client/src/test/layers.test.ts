// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's layers (eslint.config.mjs): app -> features/* -> components -> session -> lib
 * -> gql, a feature never importing another. Each case lints a made-up file at the path it
 * names, with the repository's own configuration, as `npm run lint` would.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('client layers', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'client/src/features/cart/Refused.tsx',
      "import { SearchBox } from '../search/SearchBox';\nexport const used = SearchBox;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('feature="search"');
  });

  it('refuses lib importing session, a layer above it', async () => {
    const errors = await boundaryErrors(
      'client/src/lib/refused.ts',
      "import { useAuth } from '../session/auth';\nexport const used = useAuth;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('"session"');
  });

  it('refuses components importing a feature, lazily too', async () => {
    const errors = await boundaryErrors(
      'client/src/components/Refused.tsx',
      "import HomePage from '../features/catalog/HomePage';\n" +
        "export const used = [HomePage, () => import('../features/cart/CartPage')];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('refuses app code importing the test helpers', async () => {
    const errors = await boundaryErrors(
      'client/src/app/Refused.tsx',
      "import { renderWithShop } from '../test/render';\nexport const used = renderWithShop;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('allows a feature its own files, the layers below, @shop/rules and packages', async () => {
    const errors = await boundaryErrors(
      'client/src/features/cart/Allowed.tsx',
      [
        "import { Button } from '@mantine/core';",
        "import { MAX_LINE_QUANTITY } from '@shop/rules';",
        "import { Page } from '../../components/Page';",
        "import { useCartStockQuery } from '../../gql/hooks';",
        "import { formatINR } from '../../lib/money';",
        "import { useCart } from '../../session/cart';",
        "import { toLines } from './cart-lines';",
        'export const used = [Button, MAX_LINE_QUANTITY, Page, useCartStockQuery, formatINR, useCart, toLines];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('keeps the generated gql folder free of imports from our code', () => {
    const folder = fileURLToPath(new URL('../gql/', import.meta.url));
    for (const name of readdirSync(folder)) {
      const sources = [...readFileSync(folder + name, 'utf8').matchAll(/from '([^']+)'/g)];
      for (const [, source] of sources) {
        expect(source.startsWith('../') || source.startsWith('@shop/'), `${name}: ${source}`).toBe(
          false,
        );
      }
    }
  });
});
