import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes';
import { shop } from '../../lib/shop';

export function Footer() {
  return (
    <Stack component="footer" align="center" gap={4} py="md" bg="dark.7" c="gray.2">
      <Text size="sm">All Rights Reserved &copy; {shop.brand}</Text>
      <Group gap="xs">
        <Anchor component={Link} to={paths.about} c="gray.3" size="sm">
          About
        </Anchor>
        |
        <Anchor component={Link} to={paths.contact} c="gray.3" size="sm">
          Contact
        </Anchor>
        |
        <Anchor component={Link} to={paths.policy} c="gray.3" size="sm">
          Privacy Policy
        </Anchor>
      </Group>
    </Stack>
  );
}
