import { ServerError } from '@apollo/client/errors';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, MockInstance, vi } from 'vitest';
import { DeleteProductDocument, UpdateProductDocument } from '../../../gql/graphql';
import type {
  DeleteProductMutationVariables,
  UpdateProductMutationVariables,
} from '../../../gql/graphql';
import {
  graphQLErrorResult,
  Mock,
  product,
  productDetails,
  ProductDetailsFixture,
  recording,
} from '../../../test/fixtures';
import { stubObjectUrls } from '../../../test/object-urls';
import { adminProductMock, adminProductsMock, renderAsAdmin } from '../../../test/render-admin';
import { WORDS } from '../../../lib/messages';

const SLUG = 'steel-kettle';
const PATH = `/dashboard/admin/product/${SLUG}`;

const kettle: ProductDetailsFixture = productDetails(
  product(7, {
    name: 'Steel Kettle',
    slug: SLUG,
    description: 'A 1.5 litre kettle in brushed steel.',
    price: 2499,
    quantity: 12,
    category: { __typename: 'Category' as const, id: 'c1', name: 'Electronics', nameHi: null },
  }),
);

const PROMPT = 'Are you sure you want to delete this product? Type yes to confirm';

function main() {
  return within(screen.getByRole('main'));
}

function field(label: RegExp): HTMLElement {
  return main()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input, textarea'))[0];
}

type UpdateCalls = UpdateProductMutationVariables[];
type DeleteCalls = DeleteProductMutationVariables[];

const updated = (calls: UpdateCalls) =>
  recording(
    UpdateProductDocument,
    { result: { data: { updateProduct: { ...kettle, price: 2199 } } } },
    calls,
  );

const deleted = (calls: DeleteCalls) =>
  recording(
    DeleteProductDocument,
    { result: { data: { deleteProduct: { __typename: 'Product', id: 'p7' } } } },
    calls,
  );

const serverError = () =>
  new ServerError('Response not successful: Received status code 500', {
    response: new Response('oops', { status: 500 }),
    bodyText: 'oops',
  });

function renderUpdate(mocks: Mock[] = []) {
  return renderAsAdmin(PATH, {
    mocks: [adminProductMock(SLUG, kettle), adminProductsMock([kettle], 1), ...mocks],
  });
}

let prompt: MockInstance<Window['prompt']>;

beforeEach(() => {
  prompt = vi.spyOn(window, 'prompt');
});
stubObjectUrls(() => 'blob:http://localhost/new-photo');

afterEach(() => {
  prompt.mockRestore();
});

describe('Update Product page', () => {
  it('prefills every field and shows the stored photo', async () => {
    renderUpdate();
    expect(await main().findByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    expect(field(/^Category/)).toHaveValue('Electronics');
    expect(field(/^Name/)).toHaveValue('Steel Kettle');
    expect(field(/^Description/)).toHaveValue('A 1.5 litre kettle in brushed steel.');
    expect(field(/^Price/)).toHaveValue('2499');
    expect(field(/^Quantity/)).toHaveValue('12');
    expect(field(/^Shipping/)).toHaveValue('Yes');
    expect(main().getByRole('img', { name: 'Product photo preview' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p7',
    );
    expect(main().getByRole('button', { name: 'UPDATE PRODUCT' })).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'DELETE PRODUCT' })).toBeInTheDocument();
    expect(document.title).toBe('Update Steel Kettle | Bazaar');
  });

  it("shows shipping 'No' for a product that does not ship", async () => {
    renderAsAdmin(PATH, { mocks: [adminProductMock(SLUG, { ...kettle, shipping: false })] });
    await main().findByRole('heading', { name: 'Update Product' });
    expect(field(/^Shipping/)).toHaveValue('No');
  });

  it("UPDATE PRODUCT saves, says 'Product updated successfully' and opens the list", async () => {
    const calls: UpdateCalls = [];
    const { user, pathname } = renderUpdate([updated(calls)]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '2199');
    await user.click(main().getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/products');
    expect(calls).toEqual([
      {
        id: 'p7',
        input: {
          name: 'Steel Kettle',
          description: 'A 1.5 litre kettle in brushed steel.',
          nameHi: '',
          descriptionHi: '',
          price: 2199,
          quantity: 12,
          category: 'c1',
          shipping: true,
          hsn: '',
          taxClass: '',
        },
        photo: null,
      },
    ]);
  });

  it('previews and sends a new photo', async () => {
    const calls: UpdateCalls = [];
    const { user } = renderUpdate([updated(calls)]);
    await main().findByRole('heading', { name: 'Update Product' });
    const photo = new File([new Uint8Array(4096)], 'kettle-new.png', { type: 'image/png' });
    await user.upload(document.querySelector<HTMLInputElement>('main input[type="file"]')!, photo);
    expect(main().getByRole('img', { name: 'Product photo preview' })).toHaveAttribute(
      'src',
      'blob:http://localhost/new-photo',
    );
    await user.click(main().getByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(calls[0].photo).toBe(photo);
  });

  it("shows the server's message when the update is refused, and stays", async () => {
    const calls: UpdateCalls = [];
    const { user, pathname } = renderUpdate([
      recording(UpdateProductDocument, { result: graphQLErrorResult('Category not found') }, calls),
    ]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText('Category not found')).toBeInTheDocument();
    expect(pathname()).toBe(PATH);
  });

  it("says 'Something went wrong' when the update fails without a message", async () => {
    const calls: UpdateCalls = [];
    const { user } = renderUpdate([
      recording(UpdateProductDocument, { error: serverError() }, calls),
    ]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'UPDATE PRODUCT' }));
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
  });

  it("DELETE PRODUCT answered 'no' asks, then deletes nothing", async () => {
    prompt.mockReturnValue('no');
    const calls: DeleteCalls = [];
    const { user, pathname } = renderUpdate([deleted(calls)]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'DELETE PRODUCT' }));

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(prompt).toHaveBeenCalledWith(PROMPT);
    // Give a request every chance to go out (the mock link answers after 20-50 ms).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('Product deleted successfully')).toBeNull();
    expect(pathname()).toBe(PATH);
  });

  it.each([
    ['dismissed', null],
    ['an empty answer', ''],
    ["'Yes'", 'Yes'],
    ["'yes '", 'yes '],
  ])('DELETE PRODUCT %s cancels', async (_, answer) => {
    prompt.mockReturnValue(answer);
    const calls: DeleteCalls = [];
    const { user } = renderUpdate([deleted(calls)]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'DELETE PRODUCT' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toHaveLength(0);
  });

  it("DELETE PRODUCT answered 'yes' deletes, says 'Product deleted successfully', opens the list", async () => {
    prompt.mockReturnValue('yes');
    const calls: DeleteCalls = [];
    const { user, pathname } = renderUpdate([deleted(calls)]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'DELETE PRODUCT' }));

    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    expect(calls).toEqual([{ id: 'p7' }]);
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/products');
  });

  it("says 'Something went wrong while deleting the product' when the delete fails", async () => {
    prompt.mockReturnValue('yes');
    const calls: DeleteCalls = [];
    const { user, pathname } = renderUpdate([
      recording(DeleteProductDocument, { result: graphQLErrorResult('Not allowed') }, calls),
    ]);
    await main().findByRole('heading', { name: 'Update Product' });
    await user.click(main().getByRole('button', { name: 'DELETE PRODUCT' }));

    expect(
      await screen.findByText('Something went wrong while deleting the product'),
    ).toBeInTheDocument();
    expect(pathname()).toBe(PATH);
  });

  it('shows the not-found page for an unknown slug', async () => {
    renderAsAdmin('/dashboard/admin/product/no-such-thing', {
      mocks: [adminProductMock('no-such-thing', null)],
    });
    expect(await screen.findByText('Oops ! Page Not Found')).toBeInTheDocument();
  });
});
