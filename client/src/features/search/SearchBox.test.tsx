import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchSuggestionsDocument } from '../../gql/graphql';
import {
  CategoryFixture,
  mockOf,
  product,
  productDetailsMock,
  searchMock,
  similarProductsMock,
  suggestions,
  suggestionsMock,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

// The contact page asks the server nothing, so every request is the search box's.
const PAGE = '/contact';

const galaxy = product(1, { name: 'Samsung Galaxy S24', slug: 'samsung-galaxy-s24', price: 74999 });
const bag = product(2, { name: 'Samsonite Cabin Bag', slug: 'samsonite-cabin-bag', price: 8999 });
const samples: CategoryFixture = {
  __typename: 'Category',
  id: 'c9',
  name: 'Samples',
  nameHi: null,
  slug: 'samples',
};

afterEach(() => {
  vi.useRealTimers();
});

function box() {
  return screen.getByRole('combobox', { name: 'Search' });
}

/** The suggestions offered; a page's own options (a sort select) are not among them. */
function offered() {
  const list = screen.queryByRole('listbox', { name: 'Suggestions' });
  return list ? within(list).queryAllByRole('option') : [];
}

async function offeredOnceAnswered(count: number) {
  await waitFor(() => expect(offered()).toHaveLength(count));
  return offered();
}

function status() {
  return within(screen.getByRole('search')).getByRole('status');
}

/** Answers every text with the products and categories whose name has a word starting with it. */
function suggestionsServer(texts: string[]) {
  const starts = (name: string, text: string) =>
    name
      .toLowerCase()
      .split(' ')
      .some((word) => word.startsWith(text.toLowerCase()));
  return mockOf(SearchSuggestionsDocument, {
    variables: () => true,
    result: ({ text }) => {
      texts.push(text);
      return {
        data: {
          searchSuggestions: suggestions(
            [galaxy, bag].filter((p) => starts(p.name, text)),
            [samples].filter((c) => starts(c.name, text)),
          ),
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

describe('Search box suggestions', () => {
  it('asks once typing pauses for 200 ms, and only from 2 characters', async () => {
    const texts: string[] = [];
    renderWithShop(PAGE, { mocks: [suggestionsServer(texts)] });
    // A fake clock from here, so "pauses" means exactly what the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box(), { target: { value: 's' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(texts).toEqual([]);
    expect(offered()).toHaveLength(0);
    expect(status()).toHaveTextContent(/^$/);

    for (const typed of ['sa', 'sam']) fireEvent.change(box(), { target: { value: typed } });
    await act(() => vi.advanceTimersByTimeAsync(199));
    // Still within the pause.
    expect(texts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Let the mocked server answer (it waits 20-50 ms), then go back to the real clock.
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    // One request, for the whole word: none for 'sa' on the way.
    expect(texts).toEqual(['sam']);
    expect(await offeredOnceAnswered(3)).toHaveLength(3);
  });

  it('lists the products and categories found, and announces how many', async () => {
    const { user } = renderWithShop(PAGE, {
      mocks: [suggestionsMock('sam', [galaxy, bag], [samples])],
    });
    await user.type(box(), 'sam');
    const options = await offeredOnceAnswered(3);
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(options.map((option) => option.textContent)).toEqual([
      'Samsung Galaxy S24₹74,999.00',
      'Samsonite Cabin Bag₹8,999.00',
      'Samples',
    ]);
    expect(within(list).getByText('Products')).toBeInTheDocument();
    expect(within(list).getByText('Categories')).toBeInTheDocument();
    expect(status()).toHaveTextContent('3 suggestions');
  });

  it('says so when there is one suggestion', async () => {
    const { user } = renderWithShop(PAGE, { mocks: [suggestionsMock('cabin', [bag])] });
    await user.type(box(), 'cabin');
    await waitFor(() => expect(status()).toHaveTextContent(/^1 suggestion$/));
    expect(offered()).toHaveLength(1);
  });

  it('ArrowDown chooses the first suggestion and Enter opens its product', async () => {
    const { user, router } = renderWithShop(PAGE, {
      mocks: [
        suggestionsMock('sam', [galaxy, bag], [samples]),
        productDetailsMock('samsung-galaxy-s24', galaxy),
        similarProductsMock('p1', []),
      ],
    });
    await user.type(box(), 'sam');
    const [first] = await offeredOnceAnswered(3);
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    // The box keeps the focus and points at the option chosen.
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/product/samsung-galaxy-s24');
    expect(router.state.location.search).toBe('');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S24' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a category suggestion opens the category', async () => {
    const { user, router } = renderWithShop(PAGE, {
      mocks: [suggestionsMock('sam', [galaxy, bag], [samples])],
    });
    await user.type(box(), 'sam');
    const options = await offeredOnceAnswered(3);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveTextContent('Samples');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2].id);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/category/samples');
  });

  it('Escape closes the list and keeps the words', async () => {
    const { user, router } = renderWithShop(PAGE, {
      mocks: [suggestionsMock('sam', [galaxy, bag], [samples])],
    });
    await user.type(box(), 'sam');
    await offeredOnceAnswered(3);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('sam');
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('Enter with no suggestion chosen searches for the words', async () => {
    const { user, router } = renderWithShop(PAGE, {
      mocks: [suggestionsMock('sam', [galaxy, bag], [samples]), searchMock('sam', [galaxy, bag])],
    });
    await user.type(box(), 'sam');
    await offeredOnceAnswered(3);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=sam');
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('asks nothing for words a results page put in the box until it is used', async () => {
    const texts: string[] = [];
    const { user } = renderWithShop('/search?q=sam', {
      mocks: [searchMock('sam', [galaxy, bag]), suggestionsServer(texts)],
    });
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(box()).toHaveValue('sam');
    // Longer than the pause before suggestions are asked for.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(texts).toEqual([]);

    await user.click(box());
    expect(await offeredOnceAnswered(3)).toHaveLength(3);
    expect(texts).toEqual(['sam']);
  });
});
