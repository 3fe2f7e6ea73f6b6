import { Button, Center } from '@mantine/core';

export function LoadMoreButton({ loading, onClick }: { loading: boolean; onClick(): void }) {
  return (
    <Center mt="lg">
      <Button color="orange" onClick={onClick} disabled={loading}>
        {loading ? 'Loading...' : 'Load more products'}
      </Button>
    </Center>
  );
}
