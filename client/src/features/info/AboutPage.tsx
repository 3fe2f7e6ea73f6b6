import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function AboutPage() {
  const { t } = useLingui();
  const brand = shop.brand;
  return (
    <Page title={t`About us`}>
      <Stack maw={720} mx="auto">
        <Title order={2}>
          <Trans>About {brand}</Trans>
        </Title>
        <Text>
          <Trans>
            {brand} is an online shop for India: electronics, mobiles, fashion, books, home and
            kitchen, fitness and beauty, priced in rupees and delivered to your door.
          </Trans>
        </Text>
        <Text>
          <Trans>
            Browse by category, filter by price, search for what you need and order in a few clicks.
            Our support team is there around the clock if anything goes wrong.
          </Trans>
        </Text>
      </Stack>
    </Page>
  );
}
