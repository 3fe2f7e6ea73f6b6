import { Button, Center } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export function LoadMoreButton({ loading, onClick }: { loading: boolean; onClick(): void }) {
  return (
    <Center mt="lg">
      <Button color="orange" onClick={onClick} disabled={loading}>
        {loading ? <Trans>Loading...</Trans> : <Trans>Load more products</Trans>}
      </Button>
    </Center>
  );
}
