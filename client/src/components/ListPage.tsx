import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from './Page';

interface ListPageProps {
  title: string;
  /** The list's search or filter, beside the heading. */
  filter: ReactNode;
  children: ReactNode;
}

/** A page listing things (orders, users): its heading, with a filter beside it, then the list. */
export function ListPage({ title, filter, children }: ListPageProps) {
  return (
    <Page title={title}>
      <Group justify="space-between" mb="md">
        <Title order={2}>{title}</Title>
        {filter}
      </Group>
      {children}
    </Page>
  );
}
