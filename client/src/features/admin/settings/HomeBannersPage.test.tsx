import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllHomeBannersDocument, UpdateHomeBannersDocument } from '../../../gql/graphql';
import type {
  HomeBannerFieldsFragment,
  UpdateHomeBannersMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/banners';

const banner = (
  id: string,
  title: string,
  link: Partial<HomeBannerFieldsFragment['link']> = {},
): Answer<HomeBannerFieldsFragment> => ({
  __typename: 'HomeBanner',
  id,
  title,
  text: '',
  buttonLabel: 'Shop now',
  background: '#7a1f1f',
  textColour: '#ffffff',
  shown: true,
  link: {
    __typename: 'BannerLink',
    kind: 'CATEGORY',
    category: 'electronics',
    search: null,
    productIds: [],
    coupon: null,
    ...link,
  },
});

const SALE = banner('b1', 'Festive Sale');
const ARRIVALS = banner('b2', 'New arrivals', { kind: 'SEARCH', category: null, search: 'kurta' });

const bannersMock = (banners = [SALE, ARRIVALS]) =>
  mockOf(AllHomeBannersDocument, {
    result: { data: { allHomeBanners: banners } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdateHomeBannersMutationVariables[];

function saving(
  calls: Calls,
  answer: { saved: Answer<HomeBannerFieldsFragment>[] } | { refusal: string },
) {
  return mockOf(UpdateHomeBannersDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updateHomeBanners: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const form = () => within(screen.getByRole('form', { name: 'Home banners' }));
const loaded = () => screen.findByRole('form', { name: 'Home banners' });
const fieldset = (name: RegExp) => within(form().getByRole('group', { name }));

describe('Home banners (admin)', () => {
  it('shows the banners, changes one, adds a coupon banner and saves them all in order', async () => {
    const calls: Calls = [];
    const saved = [
      { ...SALE, title: 'Diwali Sale' },
      ARRIVALS,
      banner('b3', 'Rs 100 off', { kind: 'COUPON', category: null, coupon: 'FIRST100' }),
    ];
    const { user } = renderAsAdmin(PATH, { mocks: [bannersMock(), saving(calls, { saved })] });
    expect(await screen.findByRole('heading', { name: 'Home banners' })).toBeInTheDocument();
    await loaded();
    const first = fieldset(/^Banner 1/);
    expect(first.getByRole('textbox', { name: 'Title' })).toHaveValue('Festive Sale');
    expect(fieldset(/^Banner 2/).getByRole('textbox', { name: 'Search words' })).toHaveValue(
      'kurta',
    );

    await user.clear(first.getByRole('textbox', { name: 'Title' }));
    await user.paste('Diwali Sale');
    await user.click(form().getByRole('button', { name: 'Add a banner' }));
    const third = fieldset(/^Banner 3/);
    await user.click(third.getByRole('textbox', { name: 'Title' }));
    await user.paste('Rs 100 off');
    await user.selectOptions(
      third.getByRole('combobox', { name: 'The button leads to' }),
      'COUPON',
    );
    await user.click(await third.findByRole('textbox', { name: /^Coupon code/ }));
    await user.paste('first100');
    await user.click(form().getByRole('button', { name: 'Save banners' }));

    expect(await screen.findByText('Home banners saved')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const sent = calls[0].input.banners;
    expect(sent.map((one) => [one.id, one.title])).toEqual([
      ['b1', 'Diwali Sale'],
      ['b2', 'New arrivals'],
      [undefined, 'Rs 100 off'],
    ]);
    // Each link carries the field of its kind only; a code is sent in capitals.
    expect(sent.map((one) => one.link)).toEqual([
      { kind: 'CATEGORY', category: 'electronics' },
      { kind: 'SEARCH', search: 'kurta' },
      { kind: 'COUPON', coupon: 'FIRST100' },
    ]);
  });

  it('says at once when the colours do not contrast enough to read', async () => {
    const { user } = renderAsAdmin(PATH, { mocks: [bannersMock([SALE])] });
    await loaded();
    const colour = fieldset(/^Banner 1/).getByRole('textbox', { name: /^Text colour/ });
    expect(fieldset(/^Banner 1/).getByText(/^Contrast 10\.\d:1/)).toBeInTheDocument();
    await user.clear(colour);
    await user.type(colour, '#8a3030');
    expect(
      await fieldset(/^Banner 1/).findByText(/colours contrast 1\.\d\d:1; at least 4\.5:1/),
    ).toBeInTheDocument();
  });

  it('shows a refusal beside the field the server names, and moves and removes banners', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        bannersMock(),
        saving(calls, { refusal: 'banners[0].link.search: search words of 1 to 100 characters' }),
      ],
    });
    await loaded();
    await user.click(form().getByRole('button', { name: 'Move down banner 1' }));
    expect(fieldset(/^Banner 1/).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'New arrivals',
    );
    await user.clear(fieldset(/^Banner 1/).getByRole('textbox', { name: 'Search words' }));
    await user.click(form().getByRole('button', { name: 'Save banners' }));
    expect(
      await fieldset(/^Banner 1/).findByText('search words of 1 to 100 characters'),
    ).toBeInTheDocument();
    expect(calls[0].input.banners.map((one) => one.id)).toEqual(['b2', 'b1']);

    await user.click(form().getByRole('button', { name: 'Remove banner 1' }));
    await waitFor(() => expect(form().getAllByRole('group')).toHaveLength(1));
    expect(fieldset(/^Banner 1/).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Festive Sale',
    );
  });
});
