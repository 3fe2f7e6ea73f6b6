import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = join(__dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: repository });

/** The boundary errors ESLint finds in `code` as if it were the server file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: join(repository, 'server', 'src', path),
  });
  return result.messages
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe("the server's module boundaries (npm run lint)", () => {
  it('let a module import a module below it through its public file', async () => {
    const code = "import { Catalogue } from '../catalogue';\nexport const read = Catalogue;\n";
    expect(await boundaryErrors('insights/planted.ts', code)).toEqual([]);
  });

  it.each([
    {
      refused: 'an import of a module above',
      path: 'catalogue/products/planted.ts',
      code: "import { OrdersService } from '../../orders';\nexport const up = OrdersService;\n",
      between: 'from elements of type "catalogue" to elements of type "orders"',
    },
    {
      refused: 'an import of a module beside it',
      path: 'lookups/planted.ts',
      code: "import { crawlerRoutes } from '../seo';\nexport const aside = crawlerRoutes;\n",
      between: 'from elements of type "lookups" to elements of type "seo"',
    },
    {
      refused: "an import past a module's public file",
      path: 'insights/planted.ts',
      code:
        "import { ProductReads } from '../catalogue/products/product-reads.service';\n" +
        'export const inside = ProductReads;\n',
      between: 'from elements of type "insights" to elements of type "catalogue"',
    },
    {
      refused: 'the shared rules importing anything of the server',
      path: 'shared/planted.ts',
      code: "import { toPaise } from '../common/money';\nexport const rule = toPaise;\n",
      between: 'from elements of type "shared" to elements of type "common"',
    },
  ])('refuse $refused', async ({ path, code, between }) => {
    expect(await boundaryErrors(path, code)).toEqual([expect.stringContaining(between)]);
  });
});
