import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { RETURN_RULES } from '@shop/rules';
import { FormEvent, useState } from 'react';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { useRequestReturnMutation } from '../../gql/account-hooks';
import { formatDate } from '../../lib/dates';
import { fieldRefusal, notifySuccess } from '../../lib/notify';

/** What the return form says, written once for the page and its tests. */
export const RETURN_FORM = {
  open: 'Return items',
  openUntil: (date: string) => `Returns open until ${date}`,
  title: (number: string) => `Return items of order ${number}`,
  units: (name: string) => `Units of ${name} to return`,
  upTo: (units: number) => `Up to ${units}`,
  reason: 'Why are you returning them?',
  reasonHint: `${RETURN_RULES.reason.min} to ${RETURN_RULES.reason.max} characters`,
  send: 'Ask for the return',
  keep: 'Keep them',
  sent: (number: string) =>
    `Return of order ${number} asked for: the shop will answer on this page`,
} as const;

type Offer = NonNullable<OrderDetailFieldsFragment['returnOffer']>;

interface Refusals {
  /** By the order's line. */
  lines: Record<number, string>;
  reason?: string;
  /** A refusal of no one field: under the button. */
  other?: string;
}

/**
 * "Return items" while the order may be returned (the server's offer: until when, and how many
 * units of which lines), and its form: a number of units for each line (0 for none) and the
 * reason. The server checks everything; its refusal shows beside the field it names.
 */
export function ReturnItems({
  order,
  offer,
}: {
  order: Pick<OrderDetailFieldsFragment, 'number' | 'lines'>;
  offer: Offer;
}) {
  const [opened, setOpened] = useState(false);
  const [units, setUnits] = useState<Record<number, number | string>>({});
  const [reason, setReason] = useState('');
  const [refusals, setRefusals] = useState<Refusals>({ lines: {} });
  const [request, { loading }] = useRequestReturnMutation();

  const close = () => {
    setOpened(false);
    setRefusals({ lines: {} });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lines = offer.lines
      .map(({ line }) => ({ line, quantity: Number(units[line] ?? 0) }))
      .filter((one) => one.quantity !== 0);
    setRefusals({ lines: {} });
    try {
      await request({ variables: { number: order.number, input: { lines, reason } } });
      notifySuccess(RETURN_FORM.sent(order.number));
      setUnits({});
      setReason('');
      setOpened(false);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      // `lines[1].quantity`: the second line sent, which is one of the order's by its place.
      const sent = field && /^lines\[(\d+)\]/.exec(field);
      const line = sent ? lines[Number(sent[1])]?.line : undefined;
      if (line !== undefined) setRefusals({ lines: { [line]: message } });
      else if (field === 'reason') setRefusals({ lines: {}, reason: message });
      else setRefusals({ lines: {}, other: message });
    }
  };

  return (
    <Stack gap="xs" data-testid="return-offer">
      <Text size="sm">{RETURN_FORM.openUntil(formatDate(offer.until))}</Text>
      <Group>
        <Button variant="light" onClick={() => setOpened(true)}>
          {RETURN_FORM.open}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={RETURN_FORM.title(order.number)}>
        <form onSubmit={submit} noValidate aria-label={RETURN_FORM.title(order.number)}>
          <Stack>
            {offer.lines.map(({ line, units: most }) => {
              const name = order.lines[line]?.name ?? `line ${line + 1}`;
              return (
                <NumberInput
                  key={line}
                  label={RETURN_FORM.units(name)}
                  description={RETURN_FORM.upTo(most)}
                  min={0}
                  max={most}
                  allowDecimal={false}
                  allowNegative={false}
                  value={units[line] ?? 0}
                  onChange={(value) => setUnits((now) => ({ ...now, [line]: value }))}
                  error={refusals.lines[line]}
                />
              );
            })}
            <Textarea
              label={RETURN_FORM.reason}
              description={RETURN_FORM.reasonHint}
              autosize
              minRows={3}
              maxLength={RETURN_RULES.reason.max}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={refusals.reason}
            />
            {refusals.other && (
              <Alert color="red" role="alert">
                {refusals.other}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {RETURN_FORM.keep}
              </Button>
              <Button type="submit" loading={loading}>
                {RETURN_FORM.send}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
