import { ServerError } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CategoriesDocument,
  CreateCategoryDocument,
  DeleteCategoryDocument,
  UpdateCategoryDocument,
} from '../../../gql/graphql';
import { CategoryFixture, graphQLErrorResult, Mock, mockOf } from '../../../test/fixtures';
import { errorOf } from '../../../test/field-errors';
import { categoriesServer, renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/create-category';

type Server = ReturnType<typeof categoriesServer>['server'];

function serverError(status = 500) {
  return new ServerError(`Response not successful: Received status code ${status}`, {
    response: new Response('oops', { status }),
    bodyText: 'oops',
  });
}

function main() {
  return within(screen.getByRole('main'));
}

function names(): string[] {
  const rows = within(main().getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0].textContent ?? '');
}

async function rowOf(name: string) {
  const cell = await main().findByRole('cell', { name });
  return within(cell.closest('tr')!);
}

function createMock(server: Server, name: string) {
  return mockOf(CreateCategoryDocument, {
    variables: { input: { name } },
    result: () => {
      const created: CategoryFixture = {
        __typename: 'Category',
        id: 'c9',
        name,
        nameHi: null,
        slug: name.toLowerCase(),
      };
      server.categories = [...server.categories, created];
      return { data: { createCategory: created } };
    },
  });
}

function renameMock(server: Server, id: string, name: string) {
  return mockOf(UpdateCategoryDocument, {
    variables: { id, input: { name } },
    result: () => {
      server.categories = server.categories.map((category) =>
        category.id === id ? { ...category, name, slug: name.toLowerCase() } : category,
      );
      return { data: { updateCategory: server.categories.find((c) => c.id === id)! } };
    },
  });
}

function deleteMock(server: Server, id: string) {
  return mockOf(DeleteCategoryDocument, {
    variables: { id },
    result: () => {
      const gone = server.categories.find((category) => category.id === id)!;
      server.categories = server.categories.filter((category) => category.id !== id);
      return { data: { deleteCategory: { __typename: 'Category', id, name: gone.name } } };
    },
  });
}

function render(extra: (server: Server) => Mock[] = () => []) {
  const { server, mock } = categoriesServer();
  const rendered = renderAsAdmin(PATH, { mocks: [mock, ...extra(server)] });
  return { ...rendered, server };
}

describe('Manage Category page', () => {
  it('shows the add form and a table of Name, its Hindi and Actions (Edit, Delete)', async () => {
    render();
    expect(await main().findByRole('heading', { name: 'Manage Category' })).toBeInTheDocument();
    expect(main().getByPlaceholderText('Enter new category')).toHaveValue('');
    expect(main().getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await main().findByRole('table');
    const headers = main()
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'In Hindi', 'Actions']);
    expect(names()).toEqual(['Electronics', 'Books', 'Fashion']);
    expect((await rowOf('Electronics')).getByText('इलेक्ट्रॉनिक्स')).toBeInTheDocument();
    const books = await rowOf('Books');
    expect(books.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(books.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("creates a category: '<name> is created', the table and the form follow", async () => {
    const { user } = render((server) => [createMock(server, 'Toys')]);
    await main().findByRole('table');
    await user.type(main().getByPlaceholderText('Enter new category'), 'Toys');
    await user.click(main().getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Toys is created')).toBeInTheDocument();
    expect(await main().findByRole('cell', { name: 'Toys' })).toBeInTheDocument();
    expect(names()).toEqual(['Electronics', 'Books', 'Fashion', 'Toys']);
    expect(main().getByPlaceholderText('Enter new category')).toHaveValue('');
  });

  it("shows the server's refusal of a duplicate and keeps what was typed", async () => {
    const duplicate = mockOf(CreateCategoryDocument, {
      variables: { input: { name: 'Books' } },
      result: graphQLErrorResult('Category Books already exists'),
    });
    const { user } = render(() => [duplicate]);
    await main().findByRole('table');
    await user.type(main().getByPlaceholderText('Enter new category'), 'Books');
    await user.click(main().getByRole('button', { name: 'Submit' }));

    // Beside the field, for screen readers too, and the focus on it.
    await waitFor(() =>
      expect(errorOf(main().getByPlaceholderText('Enter new category'))).toBe(
        'Category Books already exists',
      ),
    );
    await waitFor(() => expect(main().getByPlaceholderText('Enter new category')).toHaveFocus());
    expect(screen.queryByText('Books is created')).toBeNull();
    expect(main().getByPlaceholderText('Enter new category')).toHaveValue('Books');
    expect(names()).toEqual(['Electronics', 'Books', 'Fashion']);
  });

  it("says 'Something went wrong while adding the category' when creating fails without a message", async () => {
    const failing = mockOf(CreateCategoryDocument, {
      variables: { input: { name: 'Toys' } },
      error: serverError(),
    });
    const { user } = render(() => [failing]);
    await main().findByRole('table');
    await user.type(main().getByPlaceholderText('Enter new category'), 'Toys');
    await user.click(main().getByRole('button', { name: 'Submit' }));
    expect(await main().findByRole('alert')).toHaveTextContent(
      'Something went wrong while adding the category',
    );
  });

  it('Edit opens a dialog with the same form, prefilled, and no footer', async () => {
    const { user } = render();
    const books = await rowOf('Books');
    await user.click(books.getByRole('button', { name: 'Edit' }));

    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Edit category')).toBeInTheDocument();
    expect(dialog.getByPlaceholderText('Enter new category')).toHaveValue('Books');
    const buttons = dialog.getAllByRole('button').map((button) => button.textContent);
    // The form's Submit and the dialog's close (×) only: no OK/Cancel footer.
    expect(buttons.filter((text) => text)).toEqual(['Submit']);
    expect(dialog.getAllByRole('button')).toHaveLength(2);
    // The add form above stays empty.
    expect(main().getAllByPlaceholderText('Enter new category')[0]).toHaveValue('');
  });

  it("renames in the dialog: '<new name> is renamed', dialog closed, table updated", async () => {
    const { user } = render((server) => [renameMock(server, 'c2', 'Novels')]);
    const books = await rowOf('Books');
    await user.click(books.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByPlaceholderText('Enter new category');
    await user.clear(input);
    await user.type(input, 'Novels');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Novels is renamed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(names()).toEqual(['Electronics', 'Novels', 'Fashion']));
  });

  it("says 'Something went wrong while renaming the category' and keeps the dialog open", async () => {
    const failing = mockOf(UpdateCategoryDocument, {
      variables: { id: 'c2', input: { name: 'Novels' } },
      error: serverError(),
    });
    const { user } = render(() => [failing]);
    await user.click((await rowOf('Books')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.clear(dialog.getByPlaceholderText('Enter new category'));
    await user.type(dialog.getByPlaceholderText('Enter new category'), 'Novels');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Something went wrong while renaming the category'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByPlaceholderText('Enter new category')).toHaveValue('Novels');
  });

  it("shows the server's refusal of a rename to a name in use", async () => {
    const taken = mockOf(UpdateCategoryDocument, {
      variables: { id: 'c2', input: { name: 'Fashion' } },
      result: graphQLErrorResult('Category Fashion already exists'),
    });
    const { user } = render(() => [taken]);
    await user.click((await rowOf('Books')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.clear(dialog.getByPlaceholderText('Enter new category'));
    await user.type(dialog.getByPlaceholderText('Enter new category'), 'Fashion');
    await user.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Category Fashion already exists')).toBeInTheDocument();
  });

  it("deletes a category once confirmed: '<name> is deleted' and the row goes", async () => {
    const { user } = render((server) => [deleteMock(server, 'c2')]);
    await user.click((await rowOf('Books')).getByRole('button', { name: 'Delete' }));
    // Cancelled: nothing is deleted.
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(within(dialog).getByText('Delete “Books”? This cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(names()).toEqual(['Electronics', 'Books', 'Fashion']);

    await user.click((await rowOf('Books')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Books' }),
    );

    expect(await screen.findByText('Books is deleted')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Electronics', 'Fashion']));
  });

  it("shows the server's refusal to delete a category in use", async () => {
    const message = 'Electronics still has 2 products; move or delete them first';
    const inUse = mockOf(DeleteCategoryDocument, {
      variables: { id: 'c1' },
      result: graphQLErrorResult(message),
    });
    const { user } = render(() => [inUse]);
    await user.click((await rowOf('Electronics')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Electronics' }),
    );

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Electronics is deleted')).toBeNull();
    expect(names()).toEqual(['Electronics', 'Books', 'Fashion']);
  });

  it("says 'Something went wrong while deleting the category' when deleting fails", async () => {
    const failing = mockOf(DeleteCategoryDocument, {
      variables: { id: 'c3' },
      error: serverError(502),
    });
    const { user } = render(() => [failing]);
    await user.click((await rowOf('Fashion')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Fashion' }),
    );
    expect(
      await screen.findByText('Something went wrong while deleting the category'),
    ).toBeInTheDocument();
  });

  it("says 'Categories could not be loaded.' when the list cannot be loaded", async () => {
    const failing = mockOf(CategoriesDocument, {
      error: serverError(),
      maxUsageCount: Number.POSITIVE_INFINITY,
    });
    renderAsAdmin(PATH, { mocks: [failing] });
    expect(await main().findByText('Categories could not be loaded.')).toBeInTheDocument();
    expect(main().queryByRole('table')).toBeNull();
  });
});
