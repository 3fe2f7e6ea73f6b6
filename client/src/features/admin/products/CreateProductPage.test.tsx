import { ServerError } from '@apollo/client/errors';
import { PHOTO_TOO_LARGE, PRODUCT_RULES } from '@shop/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreateProductDocument } from '../../../gql/graphql';
import type { CreateProductMutation, CreateProductMutationVariables } from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf, product } from '../../../test/fixtures';
import { stubObjectUrls } from '../../../test/object-urls';
import { adminProductsMock, renderAsAdmin } from '../../../test/render-admin';
import { WORDS } from '../../../lib/messages';
import { errorOf } from '../../../test/field-errors';

const PATH = '/dashboard/admin/create-product';

const INPUT = {
  name: 'Gita Rahasya',
  description: 'A classic commentary, hardbound.',
  nameHi: '',
  descriptionHi: '',
  price: 1499,
  quantity: 7,
  category: 'c2',
  shipping: true,
  hsn: '',
  taxClass: '',
};

const created = product(20, { name: INPUT.name, slug: 'gita-rahasya', price: 1499 });

type Calls = CreateProductMutationVariables[];
type Outcome =
  | { result: { data: Answer<CreateProductMutation> } | ReturnType<typeof graphQLErrorResult> }
  | { error: Error };

function createMock(outcome: Outcome, calls: Calls = []) {
  if ('error' in outcome) {
    return mockOf(CreateProductDocument, {
      variables: (variables) => {
        calls.push(variables);
        return true;
      },
      error: outcome.error,
    });
  }
  return mockOf(CreateProductDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return outcome.result;
    },
  });
}

const ok = (calls: Calls) =>
  createMock(
    {
      result: {
        data: { createProduct: { __typename: 'Product', id: 'p20', slug: 'gita-rahasya' } },
      },
    },
    calls,
  );

function main() {
  return within(screen.getByRole('main'));
}

function field(label: RegExp): HTMLElement {
  return main()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input, textarea'))[0];
}

type User = ReturnType<typeof renderAsAdmin>['user'];

async function choose(user: User, label: RegExp, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillAndCreate(user: User, photo?: File) {
  await main().findByRole('heading', { name: 'Create Product' });
  await choose(user, /^Category/, 'Books');
  if (photo) {
    await user.upload(document.querySelector<HTMLInputElement>('main input[type="file"]')!, photo);
  }
  await user.type(field(/^Name/), INPUT.name);
  await user.type(field(/^Description/), INPUT.description);
  await user.type(field(/^Price/), '1499');
  await user.type(field(/^Quantity/), '7');
  await choose(user, /^Shipping/, 'Yes');
  await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));
}

stubObjectUrls(() => 'blob:http://localhost/preview');

describe('Create Product page', () => {
  it("creates the product, says 'Product created successfully' and opens the list", async () => {
    const calls: Calls = [];
    const { user, pathname } = renderAsAdmin(PATH, {
      mocks: [ok(calls), adminProductsMock([created], 1)],
    });
    await fillAndCreate(user);

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/products');
    expect(calls).toEqual([{ input: INPUT, photo: null }]);
  });

  it('uploads the chosen photo with the product', async () => {
    const calls: Calls = [];
    const photo = new File([new Uint8Array(2048)], 'gita.jpg', { type: 'image/jpeg' });
    const { user } = renderAsAdmin(PATH, {
      mocks: [ok(calls), adminProductsMock([created], 1)],
    });
    await fillAndCreate(user, photo);

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toEqual(INPUT);
    expect(calls[0].photo).toBe(photo);
  });

  it('sends nothing while fields are missing', async () => {
    const calls: Calls = [];
    const { user, pathname } = renderAsAdmin(PATH, { mocks: [ok(calls)] });
    await main().findByRole('heading', { name: 'Create Product' });
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(main().getByText('Choose a category')).toBeInTheDocument();
    expect(errorOf(field(/^Name/))).toBe(PRODUCT_RULES.name.required);
    expect(calls).toHaveLength(0);
    expect(pathname()).toBe(PATH);
  });

  it("shows the server's message when the product is refused, and stays", async () => {
    const { user, pathname } = renderAsAdmin(PATH, {
      mocks: [createMock({ result: graphQLErrorResult(PHOTO_TOO_LARGE) })],
    });
    await fillAndCreate(user);

    // Naming no field of the form: in its alert, not a toast.
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(PHOTO_TOO_LARGE);
    expect(alert.closest('form')).not.toBeNull();
    expect(screen.queryByText('Product created successfully')).toBeNull();
    expect(pathname()).toBe(PATH);
    expect(field(/^Name/)).toHaveValue(INPUT.name);
  });

  it("says 'Something went wrong' when the server fails without a message", async () => {
    const failure = new ServerError('Response not successful: Received status code 500', {
      response: new Response('oops', { status: 500 }),
      bodyText: 'oops',
    });
    const { user, pathname } = renderAsAdmin(PATH, { mocks: [createMock({ error: failure })] });
    await fillAndCreate(user);

    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(pathname()).toBe(PATH);
  });

  it("shows the server's refusal of a product rule beside the field it is about", async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [createMock({ result: graphQLErrorResult(PRODUCT_RULES.price.message) })],
    });
    await fillAndCreate(user);
    await waitFor(() => expect(errorOf(field(/^Price/))).toBe(PRODUCT_RULES.price.message));
    await waitFor(() => expect(field(/^Price/)).toHaveFocus());
    expect(main().queryByRole('alert')).toBeNull();
  });
});
