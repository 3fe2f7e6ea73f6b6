import { PRODUCT_IMPORT_LIMITS } from '@shop/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AdminProductsDocument,
  ImportProductsDocument,
  LatestProductImportDocument,
  PreviewProductImportDocument,
} from '../../../gql/graphql';
import type {
  ImportAction,
  LatestProductImportQuery,
  PreviewProductImportMutation,
} from '../../../gql/graphql';
import {
  Answer,
  graphQLErrorResult,
  mockOf,
  product,
  productDetails,
  productPage,
  products,
} from '../../../test/fixtures';
import { PRODUCTS } from '../messages';
import { adminProductMock, adminProductsMock, renderAsAdmin } from '../../../test/render-admin';
import { ADMIN_PRODUCTS_PAGE_SIZE } from './AdminProductsPage';

const PATH = '/dashboard/admin/products';

type ImportPreviewFixture = Answer<PreviewProductImportMutation['previewProductImport']>;
type ImportJobFixture = Answer<LatestProductImportQuery['productImports'][number]>;

function main() {
  return within(screen.getByRole('main'));
}

describe('All Products List (admin)', () => {
  it("shows cards with photo, name, a 60-character excerpt + '...' and the update hint", async () => {
    renderAsAdmin(PATH, { mocks: [adminProductsMock(products(1, 3), 3)] });
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('admin-product');
    expect(cards).toHaveLength(3);

    const first = within(cards[0]);
    expect(first.getByText('Product 1')).toBeInTheDocument();
    expect(
      first.getByText('1 A sturdy everyday product made with care for Indian homes,...'),
    ).toBeInTheDocument();
    expect(first.getByText('Click anywhere to update it')).toBeInTheDocument();
    // Its price and stock, as the shop sells it now.
    expect(first.getByTestId('price-tag')).toHaveTextContent('₹1,000.50');
    expect(first.getByTestId('admin-stock')).toHaveTextContent(/^10 in stock$/);
    expect(first.getByRole('img', { name: 'Product 1' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/dashboard/admin/product/product-1',
      '/dashboard/admin/product/product-2',
      '/dashboard/admin/product/product-3',
    ]);
  });

  it("adds '...' even to a short description", async () => {
    const short = product(1, { description: 'Small.' });
    renderAsAdmin(PATH, { mocks: [adminProductsMock([short], 1)] });
    const card = within(await screen.findByTestId('admin-product'));
    expect(card.getByText('Small....')).toBeInTheDocument();
  });

  it('a card opens the update form of its product', async () => {
    const phone = productDetails(product(2, { name: 'Galaxy Phone', slug: 'galaxy-phone' }));
    const { user, pathname } = renderAsAdmin(PATH, {
      mocks: [adminProductsMock([phone], 1), adminProductMock('galaxy-phone', phone)],
    });
    await user.click(await screen.findByText('Click anywhere to update it'));
    expect(await main().findByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/product/galaxy-phone');
  });

  it('loads more when there are more products than shown', async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminProductsMock(products(1, 12), 14), adminProductsMock(products(13, 14), 14, 2)],
    });
    expect(await screen.findAllByTestId('admin-product')).toHaveLength(12);
    await user.click(main().getByRole('button', { name: 'Load more' }));

    expect(await main().findByText('Product 14')).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product')).toHaveLength(14);
    expect(main().queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows no load-more button when everything is shown', async () => {
    renderAsAdmin(PATH, { mocks: [adminProductsMock(products(1, 2), 2)] });
    expect(await screen.findAllByTestId('admin-product')).toHaveLength(2);
    expect(main().queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    const failing = mockOf(AdminProductsDocument, {
      variables: { page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE },
      error: new TypeError('Failed to fetch'),
    });
    renderAsAdmin(PATH, { mocks: [failing] });
    expect(await main().findByText('Products could not be loaded.')).toBeInTheDocument();
  });

  it('marks each product by its stock level: out of stock in red, low with the units left', async () => {
    const listed = [
      { ...product(1), quantity: 0, stockLevel: 'OUT_OF_STOCK' as const },
      { ...product(2), quantity: 3, stockLevel: 'LOW_STOCK' as const },
      { ...product(3), quantity: 40, stockLevel: 'IN_STOCK' as const },
      // A size running out of a kurta that still sells others.
      { ...product(4), quantity: 30, fewestLeft: 2, stockLevel: 'LOW_STOCK' as const },
    ];
    renderAsAdmin(PATH, { mocks: [adminProductsMock(listed, 4)] });
    const cards = await screen.findAllByTestId('admin-product');
    const badges = cards.map((card) => within(card).queryByTestId('stock-badge'));
    expect(badges[0]).toHaveTextContent('Out of stock');
    expect(badges[1]).toHaveTextContent('Low stock (3 left)');
    expect(badges[3]).toHaveTextContent('Low stock (2 left of one variant)');
    expect(badges[2]).toBeNull();
  });

  it('filters by stock level, kept in the URL', async () => {
    const low = [{ ...product(2), quantity: 1, stockLevel: 'LOW_STOCK' as const }];
    const out = [{ ...product(1), quantity: 0, stockLevel: 'OUT_OF_STOCK' as const }];
    const { user, router } = renderAsAdmin(`${PATH}?stock=LOW_STOCK`, {
      mocks: [
        adminProductsMock(low, 1, 1, { stock: 'LOW_STOCK' }),
        adminProductsMock(out, 1, 1, { stock: 'OUT_OF_STOCK' }),
        adminProductsMock([...out, ...low, product(3)], 3),
      ],
    });
    expect(await main().findByText('Low stock (1 left)')).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product')).toHaveLength(1);
    expect(main().getByRole('radio', { name: 'Low stock' })).toBeChecked();

    await user.click(main().getByRole('radio', { name: 'Out of stock' }));
    expect(await main().findByText('Product 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stock=OUT_OF_STOCK');
    expect(screen.getAllByTestId('admin-product')).toHaveLength(1);

    await user.click(main().getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-product')).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  describe('Import CSV', () => {
    const csv = () =>
      new File(['slug,name,description,price,category,quantity,shipping\n'], 'new-lamps.csv', {
        type: 'text/csv',
      });
    const fileInput = () => document.querySelector<HTMLInputElement>('main input[type="file"]')!;

    function previewMock(preview: Omit<ImportPreviewFixture, '__typename'>, calls: File[] = []) {
      return mockOf(PreviewProductImportDocument, {
        variables: () => true,
        result: ({ file }) => {
          calls.push(file);
          return {
            data: { previewProductImport: { __typename: 'ProductImportPreview', ...preview } },
          };
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      });
    }

    const doneJob: ImportJobFixture = {
      __typename: 'ProductImportJob',
      id: 'job-1',
      state: 'DONE',
      fileName: 'new-lamps.csv',
      startedAt: '2026-11-20T10:30:00.000Z',
      finishedAt: '2026-11-20T10:30:09.000Z',
      recoveredAt: null,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
    };

    /** The server's latest import: `jobs` answered in turn, the last one from then on. */
    function latestImportMock(...jobs: (ImportJobFixture | null)[]) {
      let asked = 0;
      return mockOf(LatestProductImportDocument, {
        result: () => {
          const job = jobs[Math.min(asked++, jobs.length - 1)];
          return { data: { productImports: job ? [job] : [] } };
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      });
    }

    const row = (
      line: number,
      slug: string,
      action: ImportAction,
      changes: string[] = [],
    ): ImportPreviewFixture['rows'][number] => ({
      __typename: 'ProductImportRow',
      line,
      slug,
      action,
      changes,
    });

    it('shows the rows and the problems of a bad file, and will not apply it', async () => {
      const sent: File[] = [];
      const { user } = renderAsAdmin(PATH, {
        mocks: [
          adminProductsMock(products(1, 2), 2),
          previewMock(
            {
              rows: [row(2, 'brass-lamp', 'CREATE')],
              errors: [
                {
                  __typename: 'ProductImportError',
                  line: 3,
                  field: 'price',
                  message: 'Price must be a number',
                },
                {
                  __typename: 'ProductImportError',
                  line: 4,
                  field: 'category',
                  message: 'No category lamps',
                },
              ],
              creates: 1,
              updates: 0,
              unchanged: 0,
            },
            sent,
          ),
        ],
      });
      await screen.findAllByTestId('admin-product');
      const file = csv();
      await user.upload(fileInput(), file);

      const preview = within(await main().findByTestId('import-preview'));
      expect(sent).toEqual([file]);
      expect(preview.getByText('Import preview: new-lamps.csv')).toBeInTheDocument();
      expect(preview.getByText(PRODUCTS.problems(2))).toBeInTheDocument();
      const problems = preview.getAllByTestId('import-error').map((tr) => tr.textContent);
      expect(problems).toEqual(['3pricePrice must be a number', '4categoryNo category lamps']);
      expect(preview.getByRole('button', { name: PRODUCTS.apply })).toBeDisabled();

      await user.click(preview.getByRole('button', { name: PRODUCTS.cancel }));
      expect(main().queryByTestId('import-preview')).toBeNull();
    });

    it('applies a good file, says what it did and shows the list again', async () => {
      const imported: File[] = [];
      const server = { items: products(1, 2), total: 2 };
      const listMock = mockOf(AdminProductsDocument, {
        variables: { page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE },
        result: () => ({
          data: {
            products: {
              ...productPage([], server.total, 1, ADMIN_PRODUCTS_PAGE_SIZE),
              items: server.items.map((item) => ({
                ...item,
                stockLevel: 'IN_STOCK' as const,
                fewestLeft: item.quantity,
              })),
            },
          },
        }),
        maxUsageCount: Number.POSITIVE_INFINITY,
      });
      const importMock = mockOf(ImportProductsDocument, {
        variables: () => true,
        result: ({ file }) => {
          imported.push(file);
          server.items = [product(9, { name: 'Brass Lamp' }), ...server.items];
          server.total = 3;
          return {
            data: {
              importProducts: {
                __typename: 'ProductImportResult',
                created: 1,
                updated: 1,
                unchanged: 0,
                errors: [],
                job: doneJob,
              },
            },
          };
        },
      });
      const { user } = renderAsAdmin(PATH, {
        mocks: [
          listMock,
          latestImportMock(null, doneJob),
          previewMock({
            rows: [
              row(2, 'brass-lamp', 'CREATE'),
              row(3, 'product-1', 'UPDATE', ['price: 1000.5 -> 1200']),
            ],
            errors: [],
            creates: 1,
            updates: 1,
            unchanged: 0,
          }),
          importMock,
        ],
      });
      expect(await screen.findAllByTestId('admin-product')).toHaveLength(2);
      const file = csv();
      await user.upload(fileInput(), file);

      const preview = within(await main().findByTestId('import-preview'));
      expect(preview.getByText('1 to create, 1 to update, 0 unchanged')).toBeInTheDocument();
      const rows = preview.getAllByTestId('import-row').map((tr) => tr.textContent);
      expect(rows).toEqual(['2brass-lampCreate', '3product-1Updateprice: 1000.5 -> 1200']);
      expect(preview.queryByTestId('import-errors')).toBeNull();
      await user.click(preview.getByRole('button', { name: PRODUCTS.apply }));

      expect(
        await screen.findByText('Import done: 1 created, 1 updated, 0 unchanged'),
      ).toBeInTheDocument();
      expect(imported).toEqual([file]);
      expect(await main().findByText('Brass Lamp')).toBeInTheDocument();
      expect(screen.getAllByTestId('admin-product')).toHaveLength(3);
      expect(main().queryByTestId('import-preview')).toBeNull();
      const latest = within(await main().findByTestId('latest-import'));
      expect(latest.getByText(/^Last import: new-lamps\.csv/)).toBeInTheDocument();
      expect(
        latest.getByText(`${PRODUCTS.jobState.DONE} ${PRODUCTS.jobCounts(1, 1, 0)}`),
      ).toBeInTheDocument();
    });

    it('shows how the latest import ended, also one the shop undid after a restart', async () => {
      const stopped = 'The shop stopped while this import was writing; nothing was imported';
      const running: ImportJobFixture = { ...doneJob, state: 'WRITING', finishedAt: null };
      const undone: ImportJobFixture = {
        ...running,
        state: 'UNDONE',
        finishedAt: '2026-11-20T10:31:00.000Z',
        recoveredAt: '2026-11-20T10:31:00.000Z',
        errors: [
          { __typename: 'ProductImportError' as const, line: 1, field: null, message: stopped },
        ],
      };
      renderAsAdmin(PATH, {
        mocks: [adminProductsMock(products(1, 2), 2), latestImportMock(running, undone)],
      });
      const latest = within(await main().findByTestId('latest-import'));
      expect(latest.getByText(PRODUCTS.jobState.WRITING)).toBeInTheDocument();
      // Asked again while it runs, until it ends.
      expect(
        await latest.findByText(PRODUCTS.jobState.UNDONE, undefined, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(latest.getByText(stopped)).toBeInTheDocument();
      expect(latest.getByText(PRODUCTS.recovered)).toBeInTheDocument();
    });

    it('refuses a file over the size limit without sending it', async () => {
      const sent: File[] = [];
      const { user } = renderAsAdmin(PATH, {
        mocks: [
          adminProductsMock(products(1, 2), 2),
          previewMock({ rows: [], errors: [], creates: 0, updates: 0, unchanged: 0 }, sent),
        ],
      });
      await screen.findAllByTestId('admin-product');
      const huge = new File([new Uint8Array(PRODUCT_IMPORT_LIMITS.maxBytes + 1)], 'huge.csv', {
        type: 'text/csv',
      });
      await user.upload(fileInput(), huge);
      expect(await screen.findByText(PRODUCT_IMPORT_LIMITS.tooLarge)).toBeInTheDocument();
      expect(sent).toEqual([]);
      expect(main().queryByTestId('import-preview')).toBeNull();
    });

    it("shows the server's refusal of a file it cannot read", async () => {
      const tooMany = mockOf(PreviewProductImportDocument, {
        variables: () => true,
        result: graphQLErrorResult(PRODUCT_IMPORT_LIMITS.tooManyRows),
      });
      const { user } = renderAsAdmin(PATH, {
        mocks: [adminProductsMock(products(1, 2), 2), tooMany],
      });
      await screen.findAllByTestId('admin-product');
      await user.upload(fileInput(), csv());
      expect(await screen.findByText(PRODUCT_IMPORT_LIMITS.tooManyRows)).toBeInTheDocument();
      expect(main().queryByTestId('import-preview')).toBeNull();
    });
  });
});
