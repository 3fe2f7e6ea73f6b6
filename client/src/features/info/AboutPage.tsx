import { Stack, Text, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { shop } from '../../lib/shop';

export default function AboutPage() {
  return (
    <Page title="About us">
      <Stack maw={720} mx="auto">
        <Title order={2}>About {shop.brand}</Title>
        <Text>
          {shop.brand} is an online shop for India: electronics, mobiles, fashion, books, home and
          kitchen, fitness and beauty, priced in rupees and delivered to your door.
        </Text>
        <Text>
          Browse by category, filter by price, search for what you need and order in a few clicks.
          Our support team is there around the clock if anything goes wrong.
        </Text>
      </Stack>
    </Page>
  );
}
