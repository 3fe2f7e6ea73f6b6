import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Trans } from '@lingui/react/macro';

/**
 * Where a UPI app is likely on the same device: a touch screen, or a phone-wide window. A
 * desktop scans the QR code with a phone instead, so the button is not offered there.
 */
export const PHONE_QUERY = '(pointer: coarse), (max-width: 48em)';

/**
 * On a phone, a link that opens the phone's UPI app (the system's chooser when there are
 * several) with the payment filled in; nothing elsewhere.
 */
export function UpiPayButton({ link }: { link: string }) {
  const onPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (!onPhone) return null;
  return (
    <Button component="a" href={link} size="md" fullWidth>
      <Trans>Pay with a UPI app</Trans>
    </Button>
  );
}
