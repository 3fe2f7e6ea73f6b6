import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { paths } from '../../lib/routes';
import { shop } from '../../lib/shop';

export function Footer() {
  return (
    <Stack component="footer" align="center" gap={4} py="md" bg="dark.7" c="gray.2">
      <Text size="sm">
        <Trans>All Rights Reserved &copy; {shop.brand}</Trans>
      </Text>
      <Group gap="xs">
        <Anchor component={Link} to={paths.about} c="gray.3" size="sm">
          <Trans>About</Trans>
        </Anchor>
        |
        <Anchor component={Link} to={paths.contact} c="gray.3" size="sm">
          <Trans>Contact</Trans>
        </Anchor>
        |
        <Anchor component={Link} to={paths.policy} c="gray.3" size="sm">
          <Trans>Privacy Policy</Trans>
        </Anchor>
      </Group>
      {/* Light on the dark footer, as its links are. */}
      <LanguageSwitch size="compact-sm" variant="transparent" c="gray.3" />
    </Stack>
  );
}
