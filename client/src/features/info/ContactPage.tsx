import { List, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function ContactPage() {
  return (
    <Page title="Contact us">
      <Stack maw={720} mx="auto">
        <Title order={2}>CONTACT US</Title>
        <Text>
          Any query or information about a product? Feel free to call anytime: we are available
          24*7.
        </Text>
        <List spacing="xs">
          <List.Item>E-mail: {shop.supportEmail}</List.Item>
          <List.Item>Phone: {shop.phone}</List.Item>
          <List.Item>Toll free: {shop.tollFree} (toll free)</List.Item>
        </List>
      </Stack>
    </Page>
  );
}
