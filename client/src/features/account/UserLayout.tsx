import { Grid, NavLink as MantineNavLink, Paper, Title } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../lib/routes';

const LINKS = [
  { to: paths.userDashboard, label: 'Dashboard', end: true },
  { to: paths.userProfile, label: 'Profile', end: false },
  { to: paths.userOrders, label: 'Orders', end: false },
];

/** The user area: its side menu beside the page chosen. */
export default function UserLayout() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label="Dashboard">
          <Title order={4} p="xs">
            Dashboard
          </Title>
          {LINKS.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.end}
              label={link.label}
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
