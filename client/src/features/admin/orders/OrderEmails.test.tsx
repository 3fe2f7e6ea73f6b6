import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderEmailsDocument, SendOrderEmailAgainDocument } from '../../../gql/graphql';
import type { OrderEmailFieldsFragment } from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf, product } from '../../../test/fixtures';
import { adminOrderDetail, adminOrderMock, orderLine } from '../../../test/order-fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { ORDER_EMAILS } from './OrderEmails';

const NUMBER = 'BZ-000005';
const order = adminOrderDetail(5, { lines: [orderLine(product(1), 1)] });

const email = (changes: Partial<OrderEmailFieldsFragment>): Answer<OrderEmailFieldsFragment> => ({
  __typename: 'OrderEmail',
  key: 'order-placed/o5/asha@example.in',
  event: 'order-placed',
  to: 'asha@example.in',
  subject: `Order ${NUMBER} confirmed`,
  state: 'sent',
  tries: 1,
  lastError: null,
  sentAt: '2026-11-20T10:30:00.000Z',
  sentAgain: 0,
  createdAt: '2026-11-20T10:29:58.000Z',
  ...changes,
});

const CONFIRMATION = email({});
const ALERT = email({
  key: 'new-order/o5/shop@example.in',
  event: 'new-order',
  to: 'shop@example.in',
  subject: `New order ${NUMBER}`,
  state: 'failed',
  tries: 8,
  sentAt: null,
  lastError: '550 Mailbox unavailable',
});

const emailsMock = (emails: Answer<OrderEmailFieldsFragment>[]) =>
  mockOf(OrderEmailsDocument, {
    variables: { number: NUMBER },
    result: { data: { orderEmails: emails } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

/** Once the order is in: its e-mails' card. */
const card = async () => within(await screen.findByRole('region', { name: 'E-mails' }));

describe("An order's e-mails on the admin's order page", () => {
  it('lists each with its state, why it failed, and sends a failed one again', async () => {
    const { user } = renderAsAdmin(`/dashboard/admin/orders/${NUMBER}`, {
      mocks: [
        adminOrderMock(NUMBER, () => order),
        emailsMock([CONFIRMATION, ALERT]),
        mockOf(SendOrderEmailAgainDocument, {
          variables: { number: NUMBER, key: ALERT.key },
          result: {
            data: { sendOrderEmailAgain: { ...ALERT, state: 'due', tries: 0, sentAgain: 1 } },
          },
        }),
      ],
    });
    const rows = await (await card()).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining(`Order ${NUMBER} confirmed`),
      expect.stringContaining('550 Mailbox unavailable'),
    ]);
    expect(within(rows[1]).getByText('Sent')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('8 tries');
    await user.click(
      (await card()).getByRole('button', {
        name: `${ORDER_EMAILS.sendAgain}: New order ${NUMBER} to shop@example.in`,
      }),
    );
    expect(await screen.findByText(ORDER_EMAILS.sentAgain)).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    renderAsAdmin(`/dashboard/admin/orders/${NUMBER}`, {
      mocks: [adminOrderMock(NUMBER, () => order), emailsMock([])],
    });
    expect(await (await card()).findByText(ORDER_EMAILS.none)).toBeInTheDocument();
  });

  it("shows the server's words when send again is refused", async () => {
    const refusal = 'key: No e-mail of this order has this key';
    const { user } = renderAsAdmin(`/dashboard/admin/orders/${NUMBER}`, {
      mocks: [
        adminOrderMock(NUMBER, () => order),
        emailsMock([CONFIRMATION]),
        mockOf(SendOrderEmailAgainDocument, {
          variables: { number: NUMBER, key: CONFIRMATION.key },
          result: graphQLErrorResult(refusal, 'NOT_FOUND'),
        }),
      ],
    });
    await user.click(await (await card()).findByRole('button', { name: /^Send again/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
