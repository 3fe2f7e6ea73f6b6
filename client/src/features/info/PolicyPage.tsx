import { List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function PolicyPage() {
  const { t } = useLingui();
  const brand = shop.brand;
  return (
    <Page title={t`Privacy policy`}>
      <Stack maw={720} mx="auto">
        <Title order={2}>
          <Trans>Privacy Policy</Trans>
        </Title>
        <Text>
          <Trans>What personal information {brand} collects:</Trans>
        </Text>
        <List>
          <List.Item>
            <Trans>your name, email address and phone number;</Trans>
          </List.Item>
          <List.Item>
            <Trans>your shipping address;</Trans>
          </List.Item>
          <List.Item>
            <Trans>your browsing behaviour on the site.</Trans>
          </List.Item>
        </List>
        <Text>
          <Trans>How we use it:</Trans>
        </Text>
        <List>
          <List.Item>
            <Trans>to process and deliver your orders;</Trans>
          </List.Item>
          <List.Item>
            <Trans>to communicate with you about your orders and account;</Trans>
          </List.Item>
          <List.Item>
            <Trans>to improve the site;</Trans>
          </List.Item>
          <List.Item>
            <Trans>to send you promotions, only with your permission.</Trans>
          </List.Item>
        </List>
      </Stack>
    </Page>
  );
}
