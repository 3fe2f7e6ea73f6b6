import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CouponsDocument,
  CreateCouponDocument,
  DeleteCouponDocument,
  ProductNamesDocument,
  UpdateCouponDocument,
} from '../../../gql/graphql';
import type {
  CouponFieldsFragment,
  CreateCouponMutationVariables,
  DeleteCouponMutationVariables,
  UpdateCouponMutationVariables,
} from '../../../gql/graphql';
import {
  Answer,
  graphQLErrorResult,
  mockOf,
  product,
  recording,
  suggestionsMock,
} from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/coupons';

const coupon = (fields: Partial<CouponFieldsFragment>): Answer<CouponFieldsFragment> => ({
  __typename: 'Coupon',
  code: 'SAMPLE',
  description: '',
  kind: 'PERCENT',
  value: 10,
  maxDiscount: null,
  minCartValue: 0,
  startsAt: null,
  endsAt: null,
  categories: [],
  products: [],
  totalUses: null,
  usesPerShopper: null,
  firstOrderOnly: false,
  combinesWithOffers: true,
  active: true,
  uses: 0,
  ...fields,
});

/** 10% up to Rs 500 on Books, 3 of 1000 used, for Diwali week (India's days). */
const FESTIVE = coupon({
  code: 'FESTIVE10',
  description: 'Diwali mailing',
  value: 10,
  maxDiscount: 500,
  startsAt: '2027-10-19T18:30:00.000Z',
  endsAt: '2027-11-05T18:30:00.000Z',
  categories: ['c2'],
  totalUses: 1000,
  uses: 3,
});
/** Rs 100 off from Rs 999, paused. */
const FIRST = coupon({
  code: 'FIRST100',
  kind: 'AMOUNT',
  value: 100,
  minCartValue: 999,
  firstOrderOnly: true,
  usesPerShopper: 1,
  active: false,
});

const couponsMock = (coupons = [FESTIVE, FIRST]) =>
  mockOf(CouponsDocument, {
    result: { data: { coupons } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

const page = () => within(screen.getByRole('main'));
/** Types `text` into `input` at once, as pasted: quicker than key by key. */
async function fill(
  user: ReturnType<typeof renderAsAdmin>['user'],
  input: HTMLElement,
  text: string,
) {
  await user.click(input);
  await user.paste(text);
}
const dialogForm = (name: string) => within(screen.getByRole('form', { name }));
const rowOf = (code: string) =>
  screen
    .getAllByRole('row')
    .find((row) => within(row).queryByText(code, { selector: 'p' })) as HTMLElement;

describe('Coupons (admin)', () => {
  it('lists each coupon with its discount, uses taken of its total, its days and whether it is active', async () => {
    renderAsAdmin(PATH, { mocks: [couponsMock()] });
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeInTheDocument();
    await screen.findByText('FESTIVE10');
    const festive = within(rowOf('FESTIVE10'));
    expect(festive.getByText('10% off up to ₹500.00')).toBeInTheDocument();
    expect(festive.getByText('3 / 1000')).toBeInTheDocument();
    expect(festive.getByText('20 Oct 2027 to 5 Nov 2027')).toBeInTheDocument();
    expect(festive.getByText('Diwali mailing')).toBeInTheDocument();
    expect(festive.getByText('Yes')).toBeInTheDocument();
    const first = within(rowOf('FIRST100'));
    expect(first.getByText('₹100.00 off on ₹999.00 or more')).toBeInTheDocument();
    expect(first.getByText('0 / any')).toBeInTheDocument();
    expect(first.getByText('Always')).toBeInTheDocument();
    expect(first.getByText('Paused')).toBeInTheDocument();
  });

  it('says when the shop has no coupons', async () => {
    renderAsAdmin(PATH, { mocks: [couponsMock([])] });
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });

  it('creates a coupon with every field', async () => {
    const calls: CreateCouponMutationVariables[] = [];
    const made = coupon({ code: 'DIWALI20', value: 20 });
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock(),
        recording(CreateCouponDocument, { result: { data: { createCoupon: made } } }, calls),
      ],
    });
    await screen.findByText('FESTIVE10');
    await user.click(page().getByRole('button', { name: 'New coupon' }));
    const form = () => dialogForm('New coupon');
    await fill(user, form().getByRole('textbox', { name: 'Code' }), 'diwali20');
    await fill(user, form().getByRole('textbox', { name: 'Note for the shop' }), 'Diwali');
    await fill(user, form().getByRole('textbox', { name: 'Percent' }), '20');
    await fill(user, form().getByRole('textbox', { name: 'Maximum discount (₹)' }), '750');
    await user.clear(form().getByRole('textbox', { name: 'Minimum cart value (₹)' }));
    await fill(user, form().getByRole('textbox', { name: 'Minimum cart value (₹)' }), '1499');
    fireEvent.change(form().getByLabelText('Starts on'), { target: { value: '2027-10-20' } });
    fireEvent.change(form().getByLabelText('Ends after'), { target: { value: '2027-11-05' } });
    await user.click(
      form()
        .getAllByLabelText('Categories it applies to')
        .filter((element) => element.matches('input'))[0],
    );
    await user.click(await screen.findByRole('option', { name: 'Books' }));
    await fill(user, form().getByRole('textbox', { name: 'Total uses' }), '500');
    await fill(user, form().getByRole('textbox', { name: 'Uses per shopper' }), '2');
    await user.click(form().getByRole('checkbox', { name: 'First order only' }));
    await user.click(form().getByRole('checkbox', { name: 'Combines with automatic offers' }));
    await user.click(form().getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon DIWALI20 created')).toBeInTheDocument();
    // The first moment of the first day, and the first after the last, in India.
    expect(calls).toEqual([
      {
        input: {
          code: 'diwali20',
          description: 'Diwali',
          kind: 'PERCENT',
          value: 20,
          maxDiscount: 750,
          minCartValue: 1499,
          startsAt: '2027-10-19T18:30:00.000Z',
          endsAt: '2027-11-05T18:30:00.000Z',
          categories: ['c2'],
          products: [],
          totalUses: 500,
          usesPerShopper: 2,
          firstOrderOnly: true,
          combinesWithOffers: false,
          active: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).toBeNull());
  });

  it('shows a refusal beside the code first, and creates the coupon once the code is changed', async () => {
    const calls: CreateCouponMutationVariables[] = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock(),
        recording(
          CreateCouponDocument,
          { result: graphQLErrorResult('code: another coupon has this code') },
          calls,
        ),
        recording(
          CreateCouponDocument,
          { result: { data: { createCoupon: coupon({ code: 'DIWALI20' }) } } },
          calls,
        ),
      ],
    });
    await screen.findByText('FESTIVE10');
    await user.click(page().getByRole('button', { name: 'New coupon' }));
    const form = () => dialogForm('New coupon');
    const code = () => form().getByRole('textbox', { name: 'Code' });
    await fill(user, code(), 'festive10');
    await fill(user, form().getByRole('textbox', { name: 'Percent' }), '20');
    await user.click(form().getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(code()).toHaveAccessibleDescription(/another coupon has this code/));
    expect(form().queryByRole('alert')).toBeNull();

    await user.clear(code());
    await fill(user, code(), 'diwali20');
    await user.click(form().getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon DIWALI20 created')).toBeInTheDocument();
    expect(calls.map((call) => [call.input.code, call.input.value])).toEqual([
      ['festive10', 20],
      ['diwali20', 20],
    ]);
  });

  it('sends no maximum for an amount off, and hides its field', async () => {
    const calls: CreateCouponMutationVariables[] = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock(),
        recording(
          CreateCouponDocument,
          { result: { data: { createCoupon: coupon({ code: 'FLAT50', kind: 'AMOUNT' }) } } },
          calls,
        ),
      ],
    });
    await screen.findByText('FESTIVE10');
    await user.click(page().getByRole('button', { name: 'New coupon' }));
    const form = () => dialogForm('New coupon');
    await fill(user, form().getByRole('textbox', { name: 'Code' }), 'FLAT50');
    await fill(user, form().getByRole('textbox', { name: 'Maximum discount (₹)' }), '100');
    await user.click(form().getByRole('radio', { name: 'Rupees off' }));
    expect(form().queryByRole('textbox', { name: 'Maximum discount (₹)' })).toBeNull();
    await fill(user, form().getByRole('textbox', { name: 'Amount (₹)' }), '50');
    await user.click(form().getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toMatchObject({
      code: 'FLAT50',
      kind: 'AMOUNT',
      value: 50,
      maxDiscount: null,
      totalUses: null,
      usesPerShopper: null,
    });
  });

  it.each([
    ['value: a whole percent from 1 to 100', 'Percent', 'a whole percent from 1 to 100'],
    [
      'endsAt: the end must come after the start',
      'Ends after',
      'the end must come after the start',
    ],
    ['categories[0]: no such category', 'Categories it applies to', 'Books: no such category'],
    ['usesPerShopper: a whole number from 1 to 100, or none', 'Uses per shopper', 'from 1 to 100'],
  ])(
    'edits a coupon and shows the refusal "%s" beside its field',
    async (refusal, label, words) => {
      const calls: UpdateCouponMutationVariables[] = [];
      const { user } = renderAsAdmin(PATH, {
        mocks: [
          couponsMock(),
          recording(UpdateCouponDocument, { result: graphQLErrorResult(refusal) }, calls),
        ],
      });
      await screen.findByText('FESTIVE10');
      await user.click(page().getByRole('button', { name: 'Edit FESTIVE10' }));
      const form = () => dialogForm('Coupon FESTIVE10');
      expect(form().getByRole('textbox', { name: 'Code' })).toBeDisabled();
      expect(form().getByRole('textbox', { name: 'Percent' })).toHaveValue('10');
      expect(form().getByLabelText('Starts on')).toHaveValue('2027-10-20');
      expect(form().getByLabelText('Ends after')).toHaveValue('2027-11-05');
      await user.click(form().getByRole('button', { name: 'Save coupon' }));
      await waitFor(() =>
        expect(
          form()
            .getAllByLabelText(label)
            .filter((element) => element.matches('input'))[0],
        ).toHaveAccessibleDescription(new RegExp(words.replace(/[[\]]/g, '\\$&'))),
      );
      // The code is in the address, not the change; every field is sent as it is.
      expect(calls).toEqual([
        {
          code: 'FESTIVE10',
          input: {
            description: 'Diwali mailing',
            kind: 'PERCENT',
            value: 10,
            maxDiscount: 500,
            minCartValue: 0,
            startsAt: FESTIVE.startsAt,
            endsAt: FESTIVE.endsAt,
            categories: ['c2'],
            products: [],
            totalUses: 1000,
            usesPerShopper: null,
            firstOrderOnly: false,
            combinesWithOffers: true,
            active: true,
          },
        },
      ]);
    },
  );

  it('adds a product found by search to the products a coupon applies to, shown by name', async () => {
    const calls: UpdateCouponMutationVariables[] = [];
    const kurta = coupon({ code: 'KURTA20', value: 20, products: ['p1'] });
    const lamp = product(2, { name: 'Brass Lamp' });
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock([kurta]),
        mockOf(ProductNamesDocument, {
          variables: { ids: ['p1'] },
          result: {
            data: { productsByIds: [{ __typename: 'Product', id: 'p1', name: 'Cotton Kurta' }] },
          },
          maxUsageCount: Number.POSITIVE_INFINITY,
        }),
        suggestionsMock('lam', [lamp]),
        recording(
          UpdateCouponDocument,
          { result: graphQLErrorResult('products[1]: no such product') },
          calls,
        ),
      ],
    });
    await screen.findByText('KURTA20');
    await user.click(page().getByRole('button', { name: 'Edit KURTA20' }));
    const form = () => dialogForm('Coupon KURTA20');
    const picker = () =>
      form()
        .getAllByLabelText('Products it applies to')
        .filter((element) => element.matches('input'))[0];
    await waitFor(() => expect(form().getAllByText('Cotton Kurta').length).toBeGreaterThan(0));
    await user.type(picker(), 'lam');
    await user.click(await screen.findByRole('option', { name: 'Brass Lamp' }));
    await user.click(form().getByRole('button', { name: 'Save coupon' }));
    await waitFor(() =>
      expect(picker()).toHaveAccessibleDescription(/Brass Lamp: no such product/),
    );
    expect(calls[0].input.products).toEqual(['p1', 'p2']);
  });

  it('saves a change and closes the form', async () => {
    const calls: UpdateCouponMutationVariables[] = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock(),
        recording(
          UpdateCouponDocument,
          { result: { data: { updateCoupon: { ...FIRST, active: true } } } },
          calls,
        ),
      ],
    });
    await screen.findByText('FIRST100');
    await user.click(page().getByRole('button', { name: 'Edit FIRST100' }));
    const form = () => dialogForm('Coupon FIRST100');
    expect(form().getByRole('textbox', { name: 'Amount (₹)' })).toHaveValue('100');
    expect(form().queryByRole('textbox', { name: 'Maximum discount (₹)' })).toBeNull();
    await user.click(form().getByRole('checkbox', { name: 'Active' }));
    await user.click(form().getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText('Coupon FIRST100 saved')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      code: 'FIRST100',
      input: { kind: 'AMOUNT', value: 100, minCartValue: 999, active: true, maxDiscount: null },
    });
  });

  it('deletes a coupon only once the admin confirms', async () => {
    const calls: DeleteCouponMutationVariables[] = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        couponsMock(),
        recording(DeleteCouponDocument, { result: { data: { deleteCoupon: true } } }, calls),
      ],
    });
    await screen.findByText('FIRST100');
    await user.click(page().getByRole('button', { name: 'Delete FIRST100' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete coupon FIRST100?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(page().getByRole('button', { name: 'Delete FIRST100' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete coupon FIRST100?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete coupon' }));
    expect(await screen.findByText('Coupon FIRST100 deleted')).toBeInTheDocument();
    expect(calls).toEqual([{ code: 'FIRST100' }]);
  });
});
