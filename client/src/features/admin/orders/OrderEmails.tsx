import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { LoadStatus } from '../../../components/LoadStatus';
import { useOrderEmailsQuery, useSendOrderEmailAgainMutation } from '../../../gql/admin-hooks';
import type { OrderEmailFieldsFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';

export const ORDER_EMAILS = {
  none: 'No e-mail about this order yet.',
  failure: 'The e-mails of this order could not be loaded.',
  sendAgain: 'Send again',
  sentAgain: 'The e-mail is on its way again',
  states: { due: 'Waiting', sent: 'Sent', failed: 'Failed' } as Record<string, string>,
  colours: { due: 'yellow', sent: 'green', failed: 'red' } as Record<string, string>,
} as const;

/** When it went, how many tries, and why the last one failed. */
function howItWent(email: OrderEmailFieldsFragment): string {
  const parts: string[] = [];
  if (email.sentAt) parts.push(formatDateTime(email.sentAt));
  if (email.state !== 'sent' && email.tries > 0)
    parts.push(`${email.tries} ${email.tries === 1 ? 'try' : 'tries'}`);
  if (email.sentAgain > 0) parts.push(`sent again ${email.sentAgain}×`);
  if (email.state !== 'sent' && email.lastError) parts.push(email.lastError);
  return parts.join(' · ');
}

function SendAgain({ number, email }: { number: string; email: OrderEmailFieldsFragment }) {
  const [send, { loading }] = useSendOrderEmailAgainMutation();
  if (email.state === 'due') return null;
  const click = async () => {
    try {
      await send({ variables: { number, key: email.key } });
      notifySuccess(ORDER_EMAILS.sentAgain);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={loading}
      onClick={click}
      aria-label={`${ORDER_EMAILS.sendAgain}: ${email.subject} to ${email.to}`}
    >
      {ORDER_EMAILS.sendAgain}
    </Button>
  );
}

/** The e-mails the shop sent (or tried to) about an order, to its buyer and the shop. */
export function OrderEmails({ number }: { number: string }) {
  // Never from the cache: the outbox's worker changes them as it sends.
  const query = useOrderEmailsQuery({ variables: { number }, fetchPolicy: 'network-only' });
  const emails = query.data?.orderEmails;
  return (
    <>
      <LoadStatus of={query} failure={ORDER_EMAILS.failure} />
      {emails?.length === 0 && (
        <Text size="sm" c="dimmed">
          {ORDER_EMAILS.none}
        </Text>
      )}
      {emails && emails.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="order-emails">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {emails.map((email) => (
                <Table.Tr key={email.key}>
                  <Table.Td>
                    <Text size="sm">{email.subject}</Text>
                    <Text size="xs" c="dimmed">
                      {howItWent(email)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{email.to}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={ORDER_EMAILS.colours[email.state]}>
                      {ORDER_EMAILS.states[email.state] ?? email.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <SendAgain number={number} email={email} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
