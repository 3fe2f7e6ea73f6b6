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

  it('refuse an import of a module above', async () => {
    const code =
      "import { OrdersService } from '../../orders';\nexport const up = OrdersService;\n";
    expect(await boundaryErrors('catalogue/products/planted.ts', code)).toEqual([
      expect.stringMatching(/from elements of type "catalogue" to elements of type "orders"/),
    ]);
  });

  it('refuse an import of a module beside it', async () => {
    const code = "import { crawlerRoutes } from '../seo';\nexport const aside = crawlerRoutes;\n";
    expect(await boundaryErrors('lookups/planted.ts', code)).toEqual([
      expect.stringMatching(/from elements of type "lookups" to elements of type "seo"/),
    ]);
  });

  it("refuse an import past a module's public file", async () => {
    const code =
      "import { ProductReads } from '../catalogue/products/product-reads.service';\n" +
      'export const inside = ProductReads;\n';
    expect(await boundaryErrors('insights/planted.ts', code)).toEqual([
      expect.stringMatching(/from elements of type "insights" to elements of type "catalogue"/),
    ]);
  });

  it('refuse the shared rules importing anything of the server', async () => {
    const code = "import { toPaise } from '../common/money';\nexport const rule = toPaise;\n";
    expect(await boundaryErrors('shared/planted.ts', code)).toEqual([
      expect.stringMatching(/from elements of type "shared" to elements of type "common"/),
    ]);
  });
});
