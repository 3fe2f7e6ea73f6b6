import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ReturnPolicyDocument,
  ProductNamesDocument,
  UpdateReturnPolicyDocument,
} from '../../../gql/graphql';
import type {
  ReturnPolicyFieldsFragment,
  UpdateReturnPolicyMutationVariables,
} from '../../../gql/graphql';
import {
  Answer,
  graphQLErrorResult,
  mockOf,
  product,
  suggestionsMock,
} from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/returns';
const kurta = product(1, { name: 'Cotton Kurta' });
const lamp = product(2, { name: 'Brass Lamp' });

/** Seven days; Books not taken back, nor the kurta, nor a product deleted since (p9). */
const POLICY: Answer<ReturnPolicyFieldsFragment> = {
  __typename: 'ReturnPolicy',
  windowDays: 7,
  nonReturnableCategories: ['c2'],
  nonReturnableProducts: ['p1', 'p9'],
};

const policyMock = () =>
  mockOf(ReturnPolicyDocument, {
    result: { data: { returnPolicy: POLICY } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
// The shop still has the kurta, not p9.
const namesMock = () =>
  mockOf(ProductNamesDocument, {
    variables: { ids: ['p1', 'p9'] },
    result: {
      data: { productsByIds: [{ __typename: 'Product', id: 'p1', name: kurta.name }] },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdateReturnPolicyMutationVariables[];

function saving(calls: Calls, answer: { saved: typeof POLICY } | { refusal: string }) {
  return mockOf(UpdateReturnPolicyDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updateReturnPolicy: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const form = () => within(screen.getByRole('form', { name: 'Return policy' }));
/** Once the policy is in: its form. */
const loaded = () => screen.findByRole('form', { name: 'Return policy' });
/** A multi-select's own input, by its label. */
const picker = (label: string) =>
  form()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input'))[0];
const PRODUCTS = 'Products not taken back';
const CATEGORIES = 'Categories not taken back';
/** The names a multi-select shows chosen, by its label. */
const chosen = (label: string) =>
  [
    ...(picker(label)
      .closest('.mantine-MultiSelect-root')
      ?.querySelectorAll('.mantine-Pill-label') ?? []),
  ].map((pill) => pill.textContent);
const days = () => form().getByRole('textbox', { name: /^Days to ask for a return/ });
const save = (user: ReturnType<typeof renderAsAdmin>['user']) =>
  user.click(form().getByRole('button', { name: 'Save return policy' }));

describe('Return policy (admin)', () => {
  it('shows the policy with names, adds a product found by search, and saves it all', async () => {
    const calls: Calls = [];
    const saved = { ...POLICY, windowDays: 10, nonReturnableProducts: ['p1', 'p9', 'p2'] };
    const { user } = renderAsAdmin(PATH, {
      mocks: [policyMock(), namesMock(), suggestionsMock('lam', [lamp]), saving(calls, { saved })],
    });
    expect(await screen.findByRole('heading', { name: 'Return policy' })).toBeInTheDocument();
    await loaded();
    // A product the shop no longer has shows by its id, to be taken off.
    await waitFor(() => expect(chosen(PRODUCTS)).toEqual(['Cotton Kurta', 'p9']));
    expect(chosen(CATEGORIES)).toEqual(['Books']);
    expect(days()).toHaveValue('7');
    expect(form().getByText(/0: the shop takes no returns/)).toBeInTheDocument();

    await user.clear(days());
    await user.type(days(), '10');
    await user.type(picker(PRODUCTS), 'lam');
    await user.click(await screen.findByRole('option', { name: 'Brass Lamp' }));
    await save(user);
    expect(await screen.findByText('Return policy saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        input: {
          windowDays: 10,
          nonReturnableCategories: ['c2'],
          nonReturnableProducts: ['p1', 'p9', 'p2'],
        },
      },
    ]);
    expect(chosen(PRODUCTS)).toEqual(['Cotton Kurta', 'p9', 'Brass Lamp']);
  });

  it('adds a category from the shop’s categories', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [policyMock(), namesMock(), saving(calls, { saved: POLICY })],
    });
    await loaded();
    await user.click(picker(CATEGORIES));
    await user.click(await screen.findByRole('option', { name: 'Fashion' }));
    await save(user);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input.nonReturnableCategories).toEqual(['c2', 'c3']);
    expect(await screen.findByText('Return policy saved')).toBeInTheDocument();
  });

  it.each([
    [
      'windowDays: Give a whole number of days from 0 to 60',
      'Days to ask for a return',
      'Give a whole number of days from 0 to 60',
    ],
    ['nonReturnableProducts[1]: no such product', 'Products not taken back', 'p9: no such product'],
    [
      'nonReturnableCategories[0]: no such category',
      'Categories not taken back',
      'Books: no such category',
    ],
  ])('shows the refusal "%s" beside its field', async (refusal, label, words) => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [policyMock(), namesMock(), saving([], { refusal })],
    });
    await loaded();
    await waitFor(() => expect(chosen(PRODUCTS)).toContain('Cotton Kurta'));
    await save(user);
    await waitFor(() =>
      expect(
        form()
          .getAllByLabelText(new RegExp(`^${label}`))
          .filter((element) => element.matches('input'))[0],
      ).toHaveAccessibleDescription(new RegExp(words.replace(/[[\]]/g, '\\$&'))),
    );
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of no field under the button', async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [policyMock(), namesMock(), saving([], { refusal: 'Something else went wrong' })],
    });
    await loaded();
    await waitFor(() => expect(chosen(PRODUCTS)).toContain('Cotton Kurta'));
    await save(user);
    expect(await form().findByRole('alert')).toHaveTextContent('Something else went wrong');
  });
});
