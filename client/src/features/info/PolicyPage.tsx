import { List, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function PolicyPage() {
  return (
    <Page title="Privacy policy">
      <Stack maw={720} mx="auto">
        <Title order={2}>Privacy Policy</Title>
        <Text>What personal information {shop.brand} collects:</Text>
        <List>
          <List.Item>your name, email address and phone number;</List.Item>
          <List.Item>your shipping address;</List.Item>
          <List.Item>your browsing behaviour on the site.</List.Item>
        </List>
        <Text>How we use it:</Text>
        <List>
          <List.Item>to process and deliver your orders;</List.Item>
          <List.Item>to communicate with you about your orders and account;</List.Item>
          <List.Item>to improve the site;</List.Item>
          <List.Item>to send you promotions, only with your permission.</List.Item>
        </List>
      </Stack>
    </Page>
  );
}
