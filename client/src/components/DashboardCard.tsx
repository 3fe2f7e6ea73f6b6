import { Card, Stack, Text, Title } from '@mantine/core';
import { Page } from './Page';

interface DashboardCardProps {
  /** The document's title. */
  title: string;
  heading: string | undefined;
  lines: string[];
}

/** A dashboard's front page: a card of a heading and a few lines about the signed-in user. */
export function DashboardCard({ title, heading, lines }: DashboardCardProps) {
  return (
    <Page title={title}>
      <Card withBorder p="lg" maw={640}>
        <Stack gap={4}>
          <Title order={3}>{heading}</Title>
          {lines.map((line, index) => (
            <Text key={index}>{line}</Text>
          ))}
        </Stack>
      </Card>
    </Page>
  );
}
