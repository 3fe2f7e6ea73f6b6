import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormEvent, useState } from 'react';

interface CouponFieldProps {
  /** The code kept with the cart; null when none. */
  code: string | null;
  /** Whether the server applied it to the quote shown (null: not answered yet). */
  applied: boolean | null;
  /** Why the server does not apply it, in its words (the quote's, or checkout's refusal). */
  refusal: string | null;
  /** Keeps a code typed, or forgets the kept one with null. */
  keep(code: string | null): void;
}

/**
 * "Have a coupon code?": a code typed is kept with the cart and sent with its quote; the server
 * answers whether it applies, and when it does not, why ("Add Rs 240 more to use FIRST100"),
 * shown beside the field and read out. Nothing about the code is decided here.
 */
export function CouponField({ code, applied, refusal, keep }: CouponFieldProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState(code ?? '');
  // A code kept elsewhere (a banner's link, another tab) shows in the field.
  const [shownFor, setShownFor] = useState(code);
  if (code !== shownFor) {
    setShownFor(code);
    setTyped(code ?? '');
  }

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim()) keep(typed);
  };
  const remove = () => {
    setTyped('');
    keep(null);
  };

  return (
    <form onSubmit={apply} aria-label={t`Coupon`} noValidate>
      <Stack gap={6}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t`Have a coupon code?`}
            placeholder={t`e.g. FIRST100`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: 1 }}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={code && refusal}
            errorProps={{ role: 'alert', 'data-testid': 'coupon-error' }}
          />
          <Button type="submit" variant="default" mt={25}>
            <Trans>Apply</Trans>
          </Button>
          {code && (
            <Button
              variant="subtle"
              color="red"
              mt={25}
              onClick={remove}
              aria-label={t`Remove coupon ${code}`}
            >
              <Trans>Remove</Trans>
            </Button>
          )}
        </Group>
        <div aria-live="polite">
          {code && applied && !refusal && (
            <Text size="sm" c="green.9" data-testid="coupon-applied">
              <Trans>{code} applied</Trans>
            </Text>
          )}
        </div>
      </Stack>
    </form>
  );
}
