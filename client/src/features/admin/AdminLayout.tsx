import { Grid, NavLink as MantineNavLink, Paper } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../lib/routes';

const LINKS = [
  { to: paths.adminCategories, label: 'Create Category' },
  { to: paths.adminCreateProduct, label: 'Create Product' },
  { to: paths.adminProducts, label: 'Products' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminUsers, label: 'Users' },
];

/** The admin area: the 'Admin Panel' menu beside the page chosen. */
export default function AdminLayout() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label="Admin Panel">
          <MantineNavLink
            component={NavLink}
            to={paths.adminDashboard}
            end
            label="Admin Panel"
            fw={700}
          />
          {LINKS.map((link) => (
            <MantineNavLink key={link.to} component={NavLink} to={link.to} label={link.label} />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
