import { Grid, NavLink as MantineNavLink, Paper } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';

const LINKS = [
  { to: '/dashboard/admin/create-category', label: 'Create Category' },
  { to: '/dashboard/admin/create-product', label: 'Create Product' },
  { to: '/dashboard/admin/products', label: 'Products' },
  { to: '/dashboard/admin/orders', label: 'Orders' },
  { to: '/dashboard/admin/users', label: 'Users' },
];

/** The admin area: the 'Admin Panel' menu beside the page chosen. */
export default function AdminLayout() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label="Admin Panel">
          <MantineNavLink
            component={NavLink}
            to="/dashboard/admin"
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
