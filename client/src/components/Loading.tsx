import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function Loading({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <Center py="xl" aria-live="polite">
      <Loader size="sm" mr="sm" />
      {label ?? t`Loading....`}
    </Center>
  );
}
