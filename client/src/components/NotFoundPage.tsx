import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../lib/routes';
import { Page } from './Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size={96}>
          404
        </Title>
        <Text size="xl">Oops ! Page Not Found</Text>
        <Button component={Link} to={paths.home} variant="outline">
          Go Back
        </Button>
      </Stack>
    </Page>
  );
}
