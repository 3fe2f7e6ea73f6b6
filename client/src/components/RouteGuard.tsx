import { Center, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths, returnPathOf } from '../lib/routes';
import { isAdmin, tokenRefused, useAuth } from '../session/auth';
import { useMeQuery } from '../gql/hooks';
import { Loading } from './Loading';

export const REDIRECT_SECONDS = 3;

/** 'Redirecting to you in N second', counting down, then to `to` with the path it came from. */
export function RedirectCountdown({ to }: { to: string }) {
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const timer = setInterval(() => setSeconds((value) => value - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds <= 0) navigate(to, { state: returnPathOf(location) });
  }, [seconds, navigate, to, location]);
  const left = Math.max(seconds, 0);
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Text size="xl" role="status">
          <Trans>Redirecting to you in {left} second</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * Shows the nested page once the server confirms the token (and, for the admin area,
 * the administrator role); the check runs only when a token exists.
 */
export function RouteGuard({ admin = false }: { admin?: boolean }) {
  const { auth } = useAuth();
  const { t } = useLingui();
  const { data, loading, error } = useMeQuery({ skip: !auth?.token, fetchPolicy: 'network-only' });
  // The server no longer takes the token: the session ends everywhere on screen, not just here.
  const refusedToken = auth?.token && data?.me === null ? auth.token : null;
  useEffect(() => {
    if (refusedToken) tokenRefused(refusedToken);
  }, [refusedToken]);
  if (auth?.token && loading) return <Loading label={t`Checking...`} />;
  const me = data?.me;
  if (me && (!admin || isAdmin(me))) return <Outlet />;
  // A signed-in shopper at the admin area is sent home rather than to the login form, after the
  // same countdown, so the page they asked for is not swapped for another without a word.
  if (me && !error) return <RedirectCountdown to={paths.home} />;
  return <RedirectCountdown to={paths.login} />;
}
