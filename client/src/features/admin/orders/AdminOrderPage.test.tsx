import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CancelOrderLineDocument,
  DecideReturnDocument,
  ReceiveReturnDocument,
} from '../../../gql/graphql';
import type {
  CancelOrderLineMutationVariables,
  DecideReturnMutationVariables,
  ReceiveReturnMutationVariables,
} from '../../../gql/graphql';
import type { DocumentNode } from 'graphql';
import { graphQLErrorResult, Mock, product } from '../../../test/fixtures';
import {
  adminOrder,
  adminOrderDetail,
  AdminOrderDetailFixture,
  adminOrderMock,
  adminOrdersMock,
  couriersMock,
  orderDiscount,
  orderLine,
  orderReturn,
  payment,
  refund,
} from '../../../test/order-fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const kurta = product(1, { name: 'Cotton Kurta', price: 1250 });
const lamp = product(2, { name: 'Brass Lamp', price: 899.5 });
const lines = [orderLine(kurta, 2), orderLine(lamp, 1)];
const PATH = '/dashboard/admin/orders/BZ-000005';
const CASH = payment({ method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY', success: false });

const main = () => within(screen.getByRole('main'));

/** The server's copy of the order, which each mutation changes and the page reads. */
function orderServer(initial: AdminOrderDetailFixture) {
  const server = { order: initial };
  return { server, mock: adminOrderMock('BZ-000005', () => server.order) };
}

/**
 * A mutation of `document` answering `answer()` with the order (under `field`, the mutation's
 * name) or refusing it; the variables of each call are pushed to `calls`.
 */
function changing<V>(
  document: DocumentNode,
  field: string,
  calls: V[],
  answer: (() => AdminOrderDetailFixture) | { refusal: string },
): Mock {
  return {
    request: {
      query: document,
      variables: (variables: Record<string, unknown>) => {
        calls.push(variables as V);
        return true;
      },
    },
    result: () =>
      typeof answer === 'function'
        ? { data: { [field]: answer() } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

describe("The admin's page of one order", () => {
  it('cancels a unit of a line of a paid order, naming the refund, and shows it made', async () => {
    const placed = adminOrderDetail(5, { lines, status: 'PROCESSING' });
    const { server, mock } = orderServer(placed);
    const after = adminOrderDetail(
      5,
      { lines, status: 'PROCESSING', payment: payment({ refunds: [refund(1250, 'pending')] }) },
      {
        refundedAmount: 1250,
        lineCancels: [
          {
            __typename: 'OrderLineCancel',
            line: 0,
            quantity: 1,
            amount: 1250,
            byName: 'Shop Admin',
            at: '2024-03-06T06:30:00.000Z',
          },
        ],
      },
    );
    after.lines[0].cancelled = 1;
    const calls: CancelOrderLineMutationVariables[] = [];
    const cancel = changing(CancelOrderLineDocument, 'cancelOrderLine', calls, () => {
      server.order = after;
      return after;
    });
    const { user } = renderAsAdmin(PATH, { mocks: [mock, cancel] });
    expect(await main().findByRole('heading', { name: 'Order BZ-000005' })).toBeInTheDocument();
    expect(main().getByTestId('order-status')).toHaveTextContent('Processing');
    await user.click(main().getByRole('button', { name: 'Cancel items of Cotton Kurta' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Cancel items of Cotton Kurta' }),
    );
    expect(dialog.getByTestId('cancel-refund')).toHaveTextContent(
      '1 × ₹1,250.00 will be refunded to the buyer.',
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel 1 item' }));

    expect(
      await screen.findByText('Items cancelled: ₹1,250.00 refunded to the buyer'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ orderId: 'o5', line: 0, input: { quantity: 1 } }]);
    const first = within(main().getAllByTestId('order-line')[0]);
    expect(first.getByTestId('line-cancelled')).toHaveTextContent('1 cancelled by the shop');
    expect(main().getByTestId('line-cancels')).toHaveTextContent('1 × Cotton Kurta, by Shop Admin');
    expect(main().getByTestId('refunded-amount')).toHaveTextContent('Refunded ₹1,250.00');
    expect(main().getByTestId('refund')).toHaveTextContent('Refund of ₹1,250.00: processing');
  });

  it('tells what a cash buyer pays less, and shows the refusal of the last units beside them', async () => {
    const { mock } = orderServer(adminOrderDetail(5, { lines, payment: CASH }));
    const refusal = 'quantity: these are the last items of the order: cancel the order instead';
    const cancel = changing(CancelOrderLineDocument, 'cancelOrderLine', [], { refusal });
    const { user } = renderAsAdmin(PATH, { mocks: [mock, cancel] });
    expect(await main().findByTestId('amount-due')).toHaveTextContent('₹3,399.50');
    await user.click(main().getByRole('button', { name: 'Cancel items of Brass Lamp' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Cancel items of Brass Lamp' }),
    );
    expect(dialog.getByTestId('cancel-refund')).toHaveTextContent(
      'The buyer pays 1 × ₹899.50 less on delivery.',
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel 1 item' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Units to cancel/ })).toHaveAccessibleDescription(
        /these are the last items of the order: cancel the order instead/,
      ),
    );
  });

  it('offers no cancel once the order is shipped', async () => {
    const { mock } = orderServer(adminOrderDetail(5, { lines, status: 'SHIPPED' }));
    renderAsAdmin(PATH, { mocks: [mock] });
    expect(await main().findByTestId('order-status')).toHaveTextContent('Shipped');
    expect(main().queryByRole('button', { name: /^Cancel items/ })).toBeNull();
  });

  it('approves a return with a note, then marks it received: a prepaid order sends no reference', async () => {
    const delivered = { lines, status: 'DELIVERED' as const };
    const { server, mock } = orderServer(
      adminOrderDetail(5, delivered, { returns: [orderReturn(1)] }),
    );
    const decisions: DecideReturnMutationVariables[] = [];
    const receipts: ReceiveReturnMutationVariables[] = [];
    const decide = changing(DecideReturnDocument, 'decideReturn', decisions, () => {
      server.order = adminOrderDetail(5, delivered, {
        returns: [orderReturn(1, { state: 'APPROVED', note: 'Pack it well' })],
      });
      return server.order;
    });
    const receive = changing(ReceiveReturnDocument, 'receiveReturn', receipts, () => {
      server.order = adminOrderDetail(
        5,
        { ...delivered, payment: payment({ refunds: [refund(1250, 'pending')] }) },
        {
          refundedAmount: 1250,
          returns: [orderReturn(1, { state: 'RECEIVED', note: 'Pack it well' })],
        },
      );
      return server.order;
    });
    const { user } = renderAsAdmin(PATH, { mocks: [mock, decide, receive] });
    const shown = within(await main().findByTestId('order-return'));
    expect(shown.getByTestId('return-state')).toHaveTextContent('Requested');
    expect(shown.getByTestId('return-items')).toHaveTextContent('1 × Cotton Kurta');
    await user.type(
      shown.getByRole('textbox', { name: /^Note to the buyer on return 1/ }),
      'Pack it well',
    );
    await user.click(shown.getByRole('button', { name: 'Approve return 1' }));
    expect(await screen.findByText('Return 1 approved')).toBeInTheDocument();
    expect(decisions).toEqual([
      { orderId: 'o5', returnNumber: 1, approve: true, note: 'Pack it well' },
    ]);
    await waitFor(() =>
      expect(shown.getByTestId('return-state')).toHaveTextContent('Approved: send the items back'),
    );
    // A prepaid order is refunded through the gateway: nothing to type.
    expect(shown.queryByRole('textbox')).toBeNull();
    await user.click(shown.getByRole('button', { name: 'Mark return 1 received' }));
    expect(await screen.findByText('Return 1 received and refunded')).toBeInTheDocument();
    expect(receipts).toEqual([{ orderId: 'o5', returnNumber: 1, input: null }]);
    await waitFor(() =>
      expect(shown.getByTestId('return-state')).toHaveTextContent('Received and refunded'),
    );
    expect(shown.queryByRole('button')).toBeNull();
    expect(main().getByTestId('refunded-amount')).toHaveTextContent('Refunded ₹1,250.00');
  });

  it("asks a cash order's transfer reference, showing its refusal beside it", async () => {
    const approved = adminOrderDetail(
      5,
      {
        lines,
        status: 'DELIVERED',
        payment: payment({ method: 'CASH_ON_DELIVERY', state: 'COLLECTED' }),
      },
      { returns: [orderReturn(1, { state: 'APPROVED' })] },
    );
    const { mock } = orderServer(approved);
    const receipts: ReceiveReturnMutationVariables[] = [];
    const refusal =
      'refundReference: the bank or UPI transfer reference, 4 to 50 letters, digits, spaces, / _ -';
    const receive = changing(ReceiveReturnDocument, 'receiveReturn', receipts, { refusal });
    const { user } = renderAsAdmin(PATH, { mocks: [mock, receive] });
    const reference = await main().findByRole('textbox', {
      name: /^Transfer reference of return 1/,
    });
    await user.type(reference, ' x! ');
    await user.click(main().getByRole('button', { name: 'Mark return 1 received' }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(/the bank or UPI transfer reference, 4 to 50/),
    );
    expect(receipts).toEqual([
      { orderId: 'o5', returnNumber: 1, input: { refundReference: 'x!' } },
    ]);
  });

  it('shows a refusal of no field under the buttons', async () => {
    const { mock } = orderServer(
      adminOrderDetail(5, { lines, status: 'DELIVERED' }, { returns: [orderReturn(1)] }),
    );
    const decide = changing(DecideReturnDocument, 'decideReturn', [], {
      refusal: 'This return has been decided already',
    });
    const { user } = renderAsAdmin(PATH, { mocks: [mock, decide] });
    await user.click(await main().findByRole('button', { name: 'Refuse return 1' }));
    const returns = within(main().getByRole('region', { name: 'Returns' }));
    expect(await returns.findByRole('alert')).toHaveTextContent(
      'This return has been decided already',
    );
  });

  it('is opened from the list by the order number, which badges a return requested', async () => {
    const asked = adminOrder(5, {
      lines,
      status: 'DELIVERED',
      returns: [{ __typename: 'OrderReturn', number: 1, state: 'REQUESTED' }],
    });
    const quiet = adminOrder(6, { lines, status: 'DELIVERED' });
    const { mock } = orderServer(
      adminOrderDetail(5, { lines, status: 'DELIVERED' }, { returns: [orderReturn(1)] }),
    );
    const { user, pathname } = renderAsAdmin('/dashboard/admin/orders', {
      mocks: [couriersMock(), adminOrdersMock(() => ({ items: [asked, quiet], total: 2 })), mock],
    });
    const badges = await main().findAllByTestId('return-requested');
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent('Return requested');
    await user.click(main().getByRole('link', { name: 'BZ-000005' }));
    expect(await main().findByRole('heading', { name: 'Order BZ-000005' })).toBeInTheDocument();
    expect(pathname()).toBe(PATH);
    await user.click(main().getByRole('link', { name: 'Back to orders' }));
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
  });

  it('shows the goods, each coupon and offer applied with its amount, each line’s discount and the total', async () => {
    const { mock } = orderServer(
      adminOrderDetail(5, {
        lines: [orderLine(kurta, 2, 300), orderLine(lamp, 1)],
        coupon: 'FIRST100',
        discounts: [
          orderDiscount('offer', 'Buy 2 clothes, 8% off', 200),
          orderDiscount('coupon', 'FIRST100', 100),
        ],
      }),
    );
    renderAsAdmin(PATH, { mocks: [mock] });
    expect(await main().findByTestId('order-goods')).toHaveTextContent('₹3,399.50');
    expect(
      main()
        .getAllByTestId('discount')
        .map((one) => one.textContent),
    ).toEqual(['Buy 2 clothes, 8% off−₹200.00', 'FIRST100−₹100.00']);
    const shown = main().getAllByTestId('order-line');
    expect(within(shown[0]).getByTestId('line-saving')).toHaveTextContent('You save ₹300.00');
    expect(within(shown[1]).queryByTestId('line-saving')).toBeNull();
    expect(main().getByTestId('order-total')).toHaveTextContent('₹3,099.50');
  });
});
