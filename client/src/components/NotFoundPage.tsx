import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '../lib/routes';
import { Page } from './Page';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size={96}>
          404
        </Title>
        <Text size="xl">
          <Trans>Oops ! Page Not Found</Trans>
        </Text>
        <Button component={Link} to={paths.home} variant="outline">
          <Trans>Go Back</Trans>
        </Button>
      </Stack>
    </Page>
  );
}
