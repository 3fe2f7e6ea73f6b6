import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestReturnDocument } from '../../gql/graphql';
import type { RequestReturnMutationVariables } from '../../gql/graphql';
import { graphQLErrorResult, mockOf, product } from '../../test/fixtures';
import {
  orderByNumberMock,
  orderDetail,
  OrderDetailFixture,
  orderLine,
  orderReturn,
  payment,
  refund,
  returnOffer,
} from '../../test/order-fixtures';
import { renderAsShopper } from '../../test/render-admin';

const kurta = product(1, { name: 'Cotton Kurta', price: 1250 });
const lamp = product(2, { name: 'Brass Lamp', price: 899.5 });
const PATH = '/dashboard/user/orders/BZ-000007';
const UNTIL = '2024-03-20T18:29:59.999Z';

const delivered = (detail: Parameters<typeof orderDetail>[3] = {}, changes = {}) =>
  orderDetail(7, { status: 'DELIVERED', nextStatuses: [], buyerMayCancel: false, ...changes }, [], {
    ...detail,
  });
// Two kurtas and a lamp, delivered: each may be returned.
const lines = [orderLine(kurta, 2), orderLine(lamp, 1)];
const returnable = delivered({ returnOffer: returnOffer(UNTIL, { 0: 2, 1: 1 }) }, { lines });

const main = () => within(screen.getByRole('main'));
type Calls = RequestReturnMutationVariables[];

/** requestReturn answering `answer` (the order after it, or a refusal); variables to `calls`. */
function requesting(calls: Calls, answer: OrderDetailFixture | { refusal: string }) {
  return mockOf(RequestReturnDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'refusal' in answer
        ? graphQLErrorResult(answer.refusal)
        : { data: { requestReturn: answer } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

async function openForm(user: ReturnType<typeof renderAsShopper>['user']) {
  await user.click(await main().findByRole('button', { name: 'Return items' }));
  return within(await screen.findByRole('dialog', { name: 'Return items of order BZ-000007' }));
}

describe('Returning items of a delivered order', () => {
  it('says until when, asks units and a reason, and lists the return once asked', async () => {
    const calls: Calls = [];
    const asked = delivered(
      { returns: [orderReturn(1, { reason: 'The colour is not as shown' })] },
      { lines },
    );
    const { user } = renderAsShopper(PATH, {
      mocks: [orderByNumberMock('BZ-000007', returnable), requesting(calls, asked)],
    });
    expect(await main().findByTestId('return-offer')).toHaveTextContent(
      'Returns open until 20 Mar 2024',
    );
    const form = await openForm(user);
    const kurtas = form.getByRole('textbox', { name: /^Units of Cotton Kurta to return/ });
    expect(kurtas).toHaveValue('0');
    expect(form.getByText('Up to 2')).toBeInTheDocument();
    await user.clear(kurtas);
    await user.type(kurtas, '1');
    await user.type(
      form.getByRole('textbox', { name: /^Why are you returning them/ }),
      'The colour is not as shown',
    );
    await user.click(form.getByRole('button', { name: 'Ask for the return' }));

    expect(
      await screen.findByText(
        'Return of order BZ-000007 asked for: the shop will answer on this page',
      ),
    ).toBeInTheDocument();
    // Only the lines with units to return are sent.
    expect(calls).toEqual([
      {
        number: 'BZ-000007',
        input: { lines: [{ line: 0, quantity: 1 }], reason: 'The colour is not as shown' },
      },
    ]);
    const shown = within(await main().findByTestId('order-return'));
    expect(shown.getByText('Return 1')).toBeInTheDocument();
    expect(shown.getByTestId('return-items')).toHaveTextContent('1 × Cotton Kurta');
    expect(shown.getByTestId('return-state')).toHaveTextContent('Requested');
    expect(shown.getByText('Reason: The colour is not as shown')).toBeInTheDocument();
    expect(shown.getByTestId('return-amount')).toHaveTextContent('₹1,250.00');
    // Nothing more to return now: the server's answer has no offer.
    expect(main().queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it("shows a refusal of a line's units beside that line's units, and the reason's beside it", async () => {
    const calls: Calls = [];
    const { user } = renderAsShopper(PATH, {
      mocks: [
        orderByNumberMock('BZ-000007', returnable),
        requesting(calls, {
          refusal:
            'lines[0].quantity: every unit of this line is already returned or being returned',
        }),
      ],
    });
    const form = await openForm(user);
    const lamps = form.getByRole('textbox', { name: /^Units of Brass Lamp to return/ });
    await user.clear(lamps);
    await user.type(lamps, '1');
    await user.type(form.getByRole('textbox', { name: /^Why are you/ }), 'Broken');
    await user.click(form.getByRole('button', { name: 'Ask for the return' }));
    // The first line sent is the order's second: the lamp.
    await waitFor(() => expect(lamps).toHaveAccessibleDescription(/already returned/));
    expect(calls[0].input.lines).toEqual([{ line: 1, quantity: 1 }]);
    expect(
      form.getByRole('textbox', { name: /^Units of Cotton Kurta/ }),
    ).not.toHaveAccessibleDescription(/already returned/);
    // Still open, to correct.
    expect(screen.getByRole('dialog', { name: 'Return items of order BZ-000007' })).toBeVisible();
  });

  it('shows a refusal of the reason beside it, and one of no field under the button', async () => {
    for (const [refusal, where] of [
      ['reason: say why, in 5 to 500 characters', 'reason'],
      ['The time to return this order ended on 20 Mar 2024', 'alert'],
    ] as const) {
      const { user, unmount } = renderAsShopper(PATH, {
        mocks: [orderByNumberMock('BZ-000007', returnable), requesting([], { refusal })],
      });
      const form = await openForm(user);
      await user.click(form.getByRole('button', { name: 'Ask for the return' }));
      if (where === 'reason') {
        await waitFor(() =>
          expect(form.getByRole('textbox', { name: /^Why are you/ })).toHaveAccessibleDescription(
            /say why, in 5 to 500 characters/,
          ),
        );
      } else {
        expect(await form.findByRole('alert')).toHaveTextContent(refusal);
      }
      unmount();
      localStorage.clear();
    }
  });

  it('names where each return stands, and the shop’s note', async () => {
    const returns = [
      orderReturn(1, { state: 'APPROVED', note: 'Please pack it well', decidedAt: UNTIL }),
      orderReturn(2, {
        state: 'REFUSED',
        note: 'Worn items are not taken back',
        decidedAt: '2024-03-13T06:30:00.000Z',
      }),
      orderReturn(3, {
        state: 'RECEIVED',
        lines: [
          { __typename: 'ReturnLine', line: 0, quantity: 1 },
          { __typename: 'ReturnLine', line: 1, quantity: 1 },
        ],
        amount: 2149.5,
        receivedAt: UNTIL,
      }),
    ];
    renderAsShopper(PATH, {
      mocks: [orderByNumberMock('BZ-000007', delivered({ returns }, { lines }))],
    });
    const shown = await main().findAllByTestId('order-return');
    expect(shown.map((one) => within(one).getByTestId('return-state').textContent)).toEqual([
      'Approved: send the items back',
      'Refused',
      'Received and refunded',
    ]);
    expect(within(shown[0]).getByTestId('return-note')).toHaveTextContent('Please pack it well');
    // A refused return refunds nothing.
    expect(within(shown[1]).queryByTestId('return-amount')).toBeNull();
    expect(within(shown[2]).getByTestId('return-items')).toHaveTextContent(
      '1 × Cotton Kurta, 1 × Brass Lamp',
    );
    expect(within(shown[2]).getByTestId('return-amount')).toHaveTextContent('Refunded: ₹2,149.50');
    expect(main().queryByRole('button', { name: 'Return items' })).toBeNull();
    // The timeline tells each step by its date.
    const timeline = main().getByTestId('order-timeline');
    for (const step of [
      'Return 1 approved',
      'Return 2 refused',
      'Return 3 received and refunded',
    ]) {
      expect(timeline).toHaveTextContent(step);
    }
  });
});

describe('Items the shop cancelled, on the order page', () => {
  it('names them on their line, and a cash buyer is told what is left to pay', async () => {
    const cash = orderDetail(
      7,
      {
        lines,
        status: 'PROCESSING',
        payment: payment({ method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY', success: false }),
      },
      [],
      { amountDue: 2149.5 },
    );
    cash.lines[0].cancelled = 1;
    cash.lineCancels = [
      {
        __typename: 'OrderLineCancel',
        line: 0,
        quantity: 1,
        amount: 1250,
        byName: 'Shop Admin',
        at: '2024-03-06T06:30:00.000Z',
      },
    ];
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', cash)] });
    const first = within((await main().findAllByTestId('order-line'))[0]);
    expect(first.getByTestId('line-cancelled')).toHaveTextContent('1 cancelled by the shop');
    expect(main().getAllByTestId('line-cancelled')).toHaveLength(1);
    // The server's figure for the door, not the total.
    expect(main().getByTestId('order-total')).toHaveTextContent('₹3,399.50');
    expect(main().getByTestId('payment-state')).toHaveTextContent(
      'Cash on delivery: pay ₹2,149.50 when it arrives',
    );
    expect(main().queryByTestId('refunded-amount')).toBeNull();
    expect(main().getByTestId('order-timeline')).toHaveTextContent(
      '1 × Cotton Kurta cancelled by the shop',
    );
  });

  it('says what has been refunded, and each refund (a cash one with its transfer)', async () => {
    const paid = orderDetail(
      7,
      {
        lines,
        status: 'DELIVERED',
        payment: payment({
          refunds: [refund(1250, 'processed'), refund(899.5, 'pending', 'UTR 4512')],
        }),
      },
      [],
      { refundedAmount: 2149.5 },
    );
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', paid)] });
    expect(await main().findByTestId('refunded-amount')).toHaveTextContent('Refunded ₹2,149.50');
    expect(
      main()
        .getAllByTestId('refund')
        .map((one) => one.textContent),
    ).toEqual([
      'Refund of ₹1,250.00: processed',
      'Refund of ₹899.50: processing (transfer UTR 4512)',
    ]);
  });
});
