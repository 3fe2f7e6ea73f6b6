import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PIN_CODE_PATTERN } from '@shop/indian-states';
import { PIN_FORMAT } from '@shop/rules';
import { FormEvent, useEffect, useState } from 'react';
import { useDeliveryCheckQuery } from '../gql/hooks';
import { inShopWords } from '../lib/i18n';
import { formatINR } from '../lib/money';
import { fieldRefusal } from '../lib/notify';
import { useDeliveryPin } from '../session/delivery-pin';

/** What shipping costs, in words, from the check's amounts (rupees). */
function ShippingWords({
  charge,
  freeShippingFrom,
}: {
  charge: number;
  freeShippingFrom: number | null | undefined;
}) {
  if (charge === 0) return <Trans>Free delivery</Trans>;
  const price = formatINR(charge);
  if (freeShippingFrom == null) return <Trans>Delivery {price}</Trans>;
  const threshold = formatINR(freeShippingFrom);
  return (
    <Trans>
      Delivery {price}, free on orders of {threshold} or more
    </Trans>
  );
}

/**
 * "Check delivery" by PIN code: whether the shop delivers there, between which days, with
 * cash on delivery or not, in the server's words. The PIN checked is remembered (and the
 * cart's quote follows it); the remembered one is filled in and checked at once.
 */
export function DeliveryCheck() {
  const { t } = useLingui();
  const [remembered, remember] = useDeliveryPin();
  const [typed, setTyped] = useState(remembered ?? '');
  const [asked, setAsked] = useState(remembered);
  const [formatError, setFormatError] = useState<string | null>(null);
  // Never from the cache: the answer moves with the day and with the shop's settings.
  const { data, error, loading, refetch } = useDeliveryCheckQuery({
    variables: { pin: asked ?? '' },
    skip: !asked,
    fetchPolicy: 'network-only',
  });
  const answer = asked && !error ? data?.deliveryCheck : undefined;

  useEffect(() => {
    if (answer) remember(answer.pin);
  }, [answer, remember]);

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pin = typed.trim();
    if (!PIN_CODE_PATTERN.test(pin)) {
      setFormatError(PIN_FORMAT);
      return;
    }
    setFormatError(null);
    if (pin === asked) void refetch();
    else setAsked(pin);
  };
  const refused = error ? fieldRefusal(error).message : null;

  return (
    <Stack gap={6}>
      <form onSubmit={check} aria-label={t`Check delivery`} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t`Delivery PIN code`}
            placeholder={t`6 digits, e.g. 110001`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            w={190}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value.replace(/\D/g, ''))}
            error={formatError ?? refused}
          />
          <Button type="submit" variant="default" mt={25} loading={loading}>
            <Trans>Check delivery</Trans>
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {answer && (
          <>
            <Text
              size="sm"
              c={answer.deliverable ? undefined : 'red.8'}
              data-testid="delivery-answer"
            >
              {inShopWords(answer.message)}
            </Text>
            {answer.deliverable && (
              <Text size="sm" c="dimmed">
                <ShippingWords charge={answer.charge} freeShippingFrom={answer.freeShippingFrom} />
              </Text>
            )}
          </>
        )}
      </div>
    </Stack>
  );
}
