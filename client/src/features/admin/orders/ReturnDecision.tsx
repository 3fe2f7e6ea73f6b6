import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { RETURN_RULES } from '@shop/rules';
import { useState } from 'react';
import type { AdminOrderDetailFieldsFragment } from '../../../gql/graphql';
import { useDecideReturnMutation, useReceiveReturnMutation } from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { ORDER_PAGE } from './order-words';

type Order = Pick<AdminOrderDetailFieldsFragment, 'id' | 'payment'>;
type OrderReturn = AdminOrderDetailFieldsFragment['returns'][number];

interface Refusals {
  note?: string;
  refundReference?: string;
  other?: string;
}

/** A refusal the server named a field `shown` of, beside that field; any other under the buttons. */
function refusalsOf(error: unknown, shown: keyof Refusals | null): Refusals {
  const { field, message } = fieldRefusal(error);
  return field !== null && field === shown ? { [field]: message } : { other: message };
}

/**
 * What the admin does with a return now: one asked for is approved or refused, with a note to
 * the buyer; one approved is marked received once its goods are back, which restocks and
 * refunds them (a cash order's refund is a transfer the shop made: its reference is asked).
 */
export function ReturnDecision({ order, ret }: { order: Order; ret: OrderReturn }) {
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [refusals, setRefusals] = useState<Refusals>({});
  const [decide, deciding] = useDecideReturnMutation();
  const [receive, receiving] = useReceiveReturnMutation();
  const cash = order.payment.method === 'CASH_ON_DELIVERY';

  /** The field shown with the buttons now, which a refusal may name. */
  const shown = ret.state === 'REQUESTED' ? 'note' : cash ? 'refundReference' : null;
  const attempt = async (call: () => Promise<unknown>, done: string) => {
    setRefusals({});
    try {
      await call();
      notifySuccess(done);
    } catch (error) {
      setRefusals(refusalsOf(error, shown));
    }
  };
  const decideIt = (approve: boolean) =>
    attempt(
      () =>
        decide({
          variables: {
            orderId: order.id,
            returnNumber: ret.number,
            approve,
            note: note.trim() || null,
          },
        }),
      approve ? ORDER_PAGE.approved(ret.number) : ORDER_PAGE.refused(ret.number),
    );
  const receiveIt = () =>
    attempt(
      () =>
        receive({
          variables: {
            orderId: order.id,
            returnNumber: ret.number,
            // A prepaid order is refunded through the gateway: no reference is sent.
            input: cash ? { refundReference: reference.trim() } : null,
          },
        }),
      ORDER_PAGE.received(ret.number),
    );

  if (ret.state !== 'REQUESTED' && ret.state !== 'APPROVED') return null;
  return (
    <Stack gap="xs" mt="sm">
      {ret.state === 'REQUESTED' ? (
        <Textarea
          label={ORDER_PAGE.note(ret.number)}
          description={ORDER_PAGE.noteHint}
          autosize
          minRows={2}
          maxLength={RETURN_RULES.note.max}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={refusals.note}
        />
      ) : (
        cash && (
          <TextInput
            label={ORDER_PAGE.reference(ret.number)}
            description={ORDER_PAGE.referenceHint}
            autoComplete="off"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={refusals.refundReference}
          />
        )
      )}
      {refusals.other && (
        <Alert color="red" role="alert">
          {refusals.other}
        </Alert>
      )}
      <Group>
        {ret.state === 'REQUESTED' ? (
          <>
            <Button size="xs" loading={deciding.loading} onClick={() => decideIt(true)}>
              {ORDER_PAGE.approve(ret.number)}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={deciding.loading}
              onClick={() => decideIt(false)}
            >
              {ORDER_PAGE.refuse(ret.number)}
            </Button>
          </>
        ) : (
          <Button size="xs" loading={receiving.loading} onClick={receiveIt}>
            {ORDER_PAGE.markReceived(ret.number)}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
