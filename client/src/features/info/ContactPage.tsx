import { List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function ContactPage() {
  const { t } = useLingui();
  const { supportEmail, phone, tollFree } = shop;
  return (
    <Page title={t`Contact us`}>
      <Stack maw={720} mx="auto">
        <Title order={2}>
          <Trans>CONTACT US</Trans>
        </Title>
        <Text>
          <Trans>
            Any query or information about a product? Feel free to call anytime: we are available
            24*7.
          </Trans>
        </Text>
        <List spacing="xs">
          <List.Item>
            <Trans>E-mail: {supportEmail}</Trans>
          </List.Item>
          <List.Item>
            <Trans>Phone: {phone}</Trans>
          </List.Item>
          <List.Item>
            <Trans>Toll free: {tollFree} (toll free)</Trans>
          </List.Item>
        </List>
      </Stack>
    </Page>
  );
}
