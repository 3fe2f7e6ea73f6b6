import {
  Anchor,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  Image,
  Menu,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { SearchBox } from '../../features/search/SearchBox';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import './header.css';
import { useCategoriesQuery } from '../../gql/hooks';
import { inShopLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { categoryPath, dashboardPath, paths, returnPathOf } from '../../lib/routes';
import { shop } from '../../lib/shop';
import { isAdmin, useAuth } from '../../session/auth';
import { useCart } from '../../session/cart';

function Navigation() {
  const { auth, signOut } = useAuth();
  const { t } = useLingui();
  const navigate = useNavigate();
  // Signing in or up from any page comes back to it.
  const comeBack = returnPathOf(useLocation());
  // Loaded once with the frame and kept in the Apollo cache for every page.
  const { data } = useCategoriesQuery();

  const logout = () => {
    signOut();
    notifySuccess(t`Logged out successfully`);
    navigate(paths.login);
  };

  return (
    <>
      <Anchor component={NavLink} to={paths.home} fw={500}>
        <Trans>Home</Trans>
      </Anchor>
      <Anchor component={NavLink} to={paths.deals} fw={500}>
        <Trans>Deals</Trans>
      </Anchor>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="compact-md">
            <Trans>Categories</Trans>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.categories}>
            <Trans>All Categories</Trans>
          </Menu.Item>
          {data?.categories.map((category) => (
            <Menu.Item key={category.id} component={Link} to={categoryPath(category.slug)}>
              {inShopLanguage(category.name, category.nameHi)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {auth ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-md" data-testid="user-menu">
              {auth.user.name}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={dashboardPath(isAdmin(auth.user))}>
              <Trans>Dashboard</Trans>
            </Menu.Item>
            <Menu.Item onClick={logout}>
              <Trans>Logout</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <>
          <Anchor component={NavLink} to={paths.register} state={comeBack} fw={500}>
            <Trans>Register</Trans>
          </Anchor>
          <Anchor component={NavLink} to={paths.login} state={comeBack} fw={500}>
            <Trans>Login</Trans>
          </Anchor>
        </>
      )}
      <LanguageSwitch />
    </>
  );
}

function CartLink() {
  const { items } = useCart();
  return (
    // Named by what it shows, the words for a screen reader after it ("Cart 3 items"): a name
    // that starts with the visible text keeps voice control's "click Cart 3" working (WCAG 2.5.3).
    <Anchor component={NavLink} to={paths.cart} fw={500}>
      <Group gap={6} wrap="nowrap">
        <Trans>Cart</Trans>
        <Badge circle size="lg" data-testid="cart-count">
          {items.length}
        </Badge>
        <VisuallyHidden>
          <Plural value={items.length} one="item" other="items" />
        </VisuallyHidden>
      </Group>
    </Anchor>
  );
}

export function Header() {
  const { t } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  // The phone menu closes once a link in it has taken the shopper somewhere; before the new
  // page is painted, so it never shows for a moment over the page it led to.
  useLayoutEffect(close, [pathname, search, close]);
  // Escape closes the phone menu, and the focus goes back to the button that opened it.
  const burger = useRef<HTMLButtonElement>(null);
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !opened) return;
    close();
    burger.current?.focus();
  });
  return (
    <Stack component="header" gap={0} px="md" py="xs">
      {/* One row on a wide screen; on a phone the search box wraps to a row of its own below
          the brand and the cart, always in view rather than behind the menu (header.css). */}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={paths.home} underline="never">
          <Group gap={8} wrap="nowrap">
            <Image src="/favicon.svg" alt="" w={28} h={28} />
            <Text fw={800} size="xl" c="orange.6">
              {shop.brand}
            </Text>
          </Group>
        </Anchor>
        <Box className="header-search">
          <SearchBox />
        </Box>
        {/* The cart stays out of the phone menu, so a shopper always sees its count; on a wide
            screen it still comes last after the other links. */}
        <Group gap="md" wrap="nowrap">
          <Group gap="md" visibleFrom="md" wrap="nowrap">
            <Navigation />
          </Group>
          <CartLink />
          <Burger
            ref={burger}
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            aria-label={t`Menu`}
            aria-expanded={opened}
          />
        </Group>
      </Group>
      {/* Shown at once rather than animated, so it is either open or closed, never between. */}
      {opened && (
        <Stack hiddenFrom="md" gap="sm" py="sm" align="flex-start" data-testid="phone-menu">
          <Navigation />
        </Stack>
      )}
    </Stack>
  );
}
