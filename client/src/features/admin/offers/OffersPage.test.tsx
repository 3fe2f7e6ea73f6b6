import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutomaticOffersDocument, UpdateAutomaticOffersDocument } from '../../../gql/graphql';
import type {
  AutomaticOfferFieldsFragment,
  UpdateAutomaticOffersMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf, recording } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/offers';

/** 10% off 2 or more Books; free shipping from Rs 499, for Diwali week. */
const OFFERS: Answer<AutomaticOfferFieldsFragment>[] = [
  {
    __typename: 'AutomaticOffer',
    id: 'o1',
    name: 'Buy 2 books, get 10% off',
    kind: 'ITEMS',
    category: 'c2',
    minQuantity: 2,
    percent: 10,
    minCartValue: 0,
    startsAt: null,
    endsAt: null,
    active: true,
  },
  {
    __typename: 'AutomaticOffer',
    id: 'o2',
    name: 'Free shipping over Rs 499',
    kind: 'SHIPPING',
    category: null,
    minQuantity: 1,
    percent: 0,
    minCartValue: 499,
    startsAt: '2027-10-19T18:30:00.000Z',
    endsAt: '2027-11-05T18:30:00.000Z',
    active: true,
  },
];

const offersMock = (offers = OFFERS) =>
  mockOf(AutomaticOffersDocument, {
    result: { data: { automaticOffers: offers } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdateAutomaticOffersMutationVariables[];
/** The save, answered with the offers stored or refused with a message. */
const saving = (calls: Calls, answer: { saved: typeof OFFERS } | { refusal: string }) =>
  recording(
    UpdateAutomaticOffersDocument,
    {
      result:
        'saved' in answer
          ? { data: { updateAutomaticOffers: answer.saved } }
          : graphQLErrorResult(answer.refusal),
    },
    calls,
  );

const form = () => within(screen.getByRole('form', { name: 'Automatic offers' }));
const loaded = () => screen.findByRole('form', { name: 'Automatic offers' });
/** The fieldset of the offer at `at` (from 0), by its legend. */
const offer = (at: number) =>
  within(form().getByRole('group', { name: new RegExp(`^Offer ${at + 1}`) }));
const legends = () =>
  form()
    .getAllByRole('group')
    .map((group) => group.querySelector('legend')?.textContent);

/** The stored offers as the page sends them back unchanged. */
const SENT = [
  {
    id: 'o1',
    name: 'Buy 2 books, get 10% off',
    kind: 'ITEMS',
    category: 'c2',
    minQuantity: 2,
    percent: 10,
    startsAt: null,
    endsAt: null,
    active: true,
  },
  {
    id: 'o2',
    name: 'Free shipping over Rs 499',
    kind: 'SHIPPING',
    minCartValue: 499,
    startsAt: OFFERS[1].startsAt,
    endsAt: OFFERS[1].endsAt,
    active: true,
  },
];

describe('Automatic offers (admin)', () => {
  it('shows each offer with the fields of its kind, in order', async () => {
    renderAsAdmin(PATH, { mocks: [offersMock()] });
    expect(await screen.findByRole('heading', { name: 'Automatic offers' })).toBeInTheDocument();
    await loaded();
    expect(legends()).toEqual([
      'Offer 1: Buy 2 books, get 10% off',
      'Offer 2: Free shipping over Rs 499',
    ]);
    await waitFor(() =>
      expect(offer(0).getByRole('combobox', { name: 'Category counted' })).toHaveDisplayValue(
        'Books',
      ),
    );
    expect(offer(0).getByRole('textbox', { name: 'Items the cart must hold' })).toHaveValue('2');
    expect(offer(0).getByRole('textbox', { name: 'Percent off them' })).toHaveValue('10');
    expect(offer(0).queryByRole('textbox', { name: /Free from a cart of/ })).toBeNull();
    expect(offer(1).getByRole('textbox', { name: 'Free from a cart of (₹)' })).toHaveValue('499');
    expect(offer(1).getByLabelText('Starts on')).toHaveValue('2027-10-20');
    expect(offer(1).getByLabelText('Ends after')).toHaveValue('2027-11-05');
    expect(offer(1).queryByRole('textbox', { name: 'Percent off them' })).toBeNull();
  });

  it('says when the shop has no offers', async () => {
    renderAsAdmin(PATH, { mocks: [offersMock([])] });
    await loaded();
    expect(form().getByText('No automatic offers yet.')).toBeInTheDocument();
  });

  it('adds an offer, moves it first, removes another and saves the list', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [offersMock(), saving(calls, { saved: OFFERS.slice(0, 1) })],
    });
    await loaded();
    await user.click(form().getByRole('button', { name: 'Add offer' }));
    await user.click(offer(2).getByRole('textbox', { name: 'Name shoppers read' }));
    await user.paste('Buy 3 lamps, 15% off');
    await user.selectOptions(offer(2).getByRole('combobox', { name: 'Category counted' }), 'c1');
    await user.clear(offer(2).getByRole('textbox', { name: 'Items the cart must hold' }));
    await user.type(offer(2).getByRole('textbox', { name: 'Items the cart must hold' }), '3');
    await user.clear(offer(2).getByRole('textbox', { name: 'Percent off them' }));
    await user.type(offer(2).getByRole('textbox', { name: 'Percent off them' }), '15');
    fireEvent.change(offer(2).getByLabelText('Ends after'), { target: { value: '2027-12-31' } });
    await user.click(form().getByRole('button', { name: 'Move offer 3 up' }));
    await user.click(form().getByRole('button', { name: 'Move offer 2 up' }));
    expect(form().getByRole('button', { name: 'Move offer 1 up' })).toBeDisabled();
    await user.click(form().getByRole('button', { name: 'Remove offer 3' }));
    expect(legends()).toEqual([
      'Offer 1: Buy 3 lamps, 15% off',
      'Offer 2: Buy 2 books, get 10% off',
    ]);
    await user.click(form().getByRole('button', { name: 'Save offers' }));
    expect(await screen.findByText('Offers saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        offers: [
          {
            name: 'Buy 3 lamps, 15% off',
            kind: 'ITEMS',
            category: 'c1',
            minQuantity: 3,
            percent: 15,
            startsAt: null,
            endsAt: '2027-12-31T18:30:00.000Z',
            active: true,
          },
          SENT[0],
        ],
      },
    ]);
    // The list as saved.
    await waitFor(() => expect(legends()).toEqual(['Offer 1: Buy 2 books, get 10% off']));
  });

  it('turns an offer into free shipping, sending the fields of that kind', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [offersMock(), saving(calls, { saved: OFFERS })],
    });
    await loaded();
    await user.selectOptions(offer(0).getByRole('combobox', { name: 'Kind' }), 'SHIPPING');
    expect(offer(0).queryByRole('textbox', { name: 'Percent off them' })).toBeNull();
    await user.clear(offer(0).getByRole('textbox', { name: 'Free from a cart of (₹)' }));
    await user.type(offer(0).getByRole('textbox', { name: 'Free from a cart of (₹)' }), '999');
    await user.click(offer(1).getByRole('checkbox', { name: 'Active' }));
    await user.click(form().getByRole('button', { name: 'Save offers' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].offers).toEqual([
      {
        id: 'o1',
        name: 'Buy 2 books, get 10% off',
        kind: 'SHIPPING',
        minCartValue: 999,
        startsAt: null,
        endsAt: null,
        active: true,
      },
      { ...SENT[1], active: false },
    ]);
  });

  it.each([
    ['offers[1].minCartValue: an amount from 0 to 10000000 rupees', 1, 'Free from a cart of (₹)'],
    ['offers[0].percent: a whole percent from 1 to 90', 0, 'Percent off them'],
    ['offers[0].name: 3 to 80 characters', 0, 'Name shoppers read'],
    ['offers[1].endsAt: the end must come after the start', 1, 'Ends after'],
  ])('shows the refusal "%s" beside the field of its offer', async (refusal, at, label) => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [offersMock(), saving([], { refusal })],
    });
    await loaded();
    await user.click(form().getByRole('button', { name: 'Save offers' }));
    const words = refusal.slice(refusal.indexOf(': ') + 2);
    await waitFor(() =>
      expect(offer(at).getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining(words),
      ),
    );
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the whole list under the offers', async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [offersMock(), saving([], { refusal: 'offers: at most 20 offers' })],
    });
    await loaded();
    await user.click(form().getByRole('button', { name: 'Save offers' }));
    expect(await form().findByRole('alert')).toHaveTextContent('offers: at most 20 offers');
  });
});
