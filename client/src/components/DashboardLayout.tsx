import { Grid, NavLink as MantineNavLink, Paper, Title } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';

export interface DashboardLink {
  to: string;
  label: string;
  /** Marked current on its own path only, not on the paths below it. */
  end?: boolean;
  bold?: boolean;
}

interface DashboardLayoutProps {
  /** Names the side menu for screen readers. */
  name: string;
  /** Shown above the links. */
  heading?: string;
  links: DashboardLink[];
}

/** A dashboard: its side menu beside the page chosen. */
export function DashboardLayout({ name, heading, links }: DashboardLayoutProps) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label={name}>
          {heading && (
            <Title order={4} p="xs">
              {heading}
            </Title>
          )}
          {links.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.end}
              label={link.label}
              fw={link.bold ? 700 : undefined}
            />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
