import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RETURN_RULES } from '@shop/rules';
import { FormEvent, useState } from 'react';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { useRequestReturnMutation } from '../../gql/account-hooks';
import { formatDate } from '../../lib/dates';
import { fieldRefusal, notifySuccess } from '../../lib/notify';

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
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const { number } = order;
  const until = formatDate(offer.until);
  const { min, max } = RETURN_RULES.reason;
  const title = t`Return items of order ${number}`;
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
      notifySuccess(t`Return of order ${number} asked for: the shop will answer on this page`);
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
      <Text size="sm">
        <Trans>Returns open until {until}</Trans>
      </Text>
      <Group>
        <Button variant="light" onClick={() => setOpened(true)}>
          <Trans>Return items</Trans>
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={title}>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            {offer.lines.map(({ line, units: most }) => {
              const place = line + 1;
              const name = order.lines[line]?.name ?? t`line ${place}`;
              return (
                <NumberInput
                  key={line}
                  label={t`Units of ${name} to return`}
                  description={t`Up to ${most}`}
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
              label={t`Why are you returning them?`}
              description={t`${min} to ${max} characters`}
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
                <Trans>Keep them</Trans>
              </Button>
              <Button type="submit" loading={loading}>
                <Trans>Ask for the return</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
