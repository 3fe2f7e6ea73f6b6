import { Center, Loader } from '@mantine/core';

export function Loading({ label = 'Loading....' }: { label?: string }) {
  return (
    <Center py="xl" aria-live="polite">
      <Loader size="sm" mr="sm" />
      {label}
    </Center>
  );
}
