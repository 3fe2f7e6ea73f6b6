import { useApolloClient } from '@apollo/client/react';
import {
  createContext,
  ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  AccountLanguageDocument,
  ChooseLanguageDocument,
  MeDocument,
  type UserFieldsFragment,
} from '../gql/graphql';
import { chosenLanguage, currentLanguage, type Language, switchLanguage } from '../lib/i18n';
import { WORDS } from '../lib/messages';
import { notifyError } from '../lib/notify';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';

export type AuthUser = Omit<UserFieldsFragment, '__typename'>;

export interface StoredAuth {
  user: AuthUser;
  token: string;
}

export const ADMIN_ROLE = 1;

export function isAdmin(user: { role: number }): boolean {
  return user.role === ADMIN_ROLE;
}

function isStoredAuth(value: unknown): value is StoredAuth {
  const auth = value as StoredAuth | null;
  return typeof auth?.token === 'string' && typeof auth.user?.name === 'string';
}

/** The token as stored now; the Apollo link reads it at every request. */
export function storedToken(): string | null {
  return readStored(STORAGE_KEYS.auth, isStoredAuth)?.token ?? null;
}

const TOKEN_REFUSED = 'shop:token-refused';

/**
 * The server refused `token` as not signed in (a password changed or "sign out everywhere" on
 * another device, or its time ran out): the session it belongs to ends, if it is still this
 * browser's. Called by the Apollo link and by downloads, below the provider.
 */
export function tokenRefused(token: string): void {
  window.dispatchEvent(new CustomEvent<string>(TOKEN_REFUSED, { detail: token }));
}

interface AuthContextValue {
  auth: StoredAuth | null;
  signIn(auth: StoredAuth): void;
  signOut(): void;
  replaceUser(user: AuthUser): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who is signed in: kept in state and under 'auth' in browser storage, restored at start.
 * The server is asked whether it still takes the token when the shop opens and whenever the
 * tab comes back into view, and a refusal anywhere signs the shopper out with a word, so no
 * name stays in the header for a session that ended elsewhere. Signing in or out empties the
 * Apollo cache: nothing one account saw is shown to the next.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [auth, setAuth] = useState<StoredAuth | null>(() =>
    readStored(STORAGE_KEYS.auth, isStoredAuth),
  );

  // A token just handed out by the server needs no asking whether the server takes it.
  const issued = useRef<string | null>(null);

  const forget = useCallback(() => {
    removeStored(STORAGE_KEYS.auth);
    setAuth(null);
    void client.clearStore();
  }, [client]);

  /**
   * The account's language, once known: followed if it chose one (another device's choice
   * reaches this one), else given this browser's choice, if any, to keep.
   */
  const followLanguage = useCallback(
    (language: Language | null) => {
      if (language) {
        if (language !== currentLanguage()) {
          void switchLanguage(language, true).catch(() => undefined);
        }
        return;
      }
      const chosen = chosenLanguage();
      if (chosen) {
        void client
          .mutate({ mutation: ChooseLanguageDocument, variables: { language: chosen } })
          .catch(() => undefined);
      }
    },
    [client],
  );

  const signIn = useCallback(
    (next: StoredAuth) => {
      writeStored(STORAGE_KEYS.auth, next);
      issued.current = next.token;
      setAuth(next);
      // The new account's language is asked once the store is emptied: a query in flight while
      // it empties is dropped.
      void client
        .clearStore()
        .then(() => client.query({ query: AccountLanguageDocument, fetchPolicy: 'network-only' }))
        .then(({ data }) => data?.me && followLanguage(data.me.language))
        .catch(() => undefined);
    },
    [client, followLanguage],
  );

  const replaceUser = useCallback((user: AuthUser) => {
    setAuth((now) => {
      if (!now) return now;
      const next = { ...now, user };
      writeStored(STORAGE_KEYS.auth, next);
      return next;
    });
  }, []);

  const refused = useCallback(
    (token: string) => {
      // Already signed out, or signed in again since: that session is not this one.
      if (storedToken() !== token) return;
      forget();
      notifyError(WORDS.sessionEnded);
    },
    [forget],
  );

  useEffect(() => {
    const onRefused = (event: Event) => refused((event as CustomEvent<string>).detail);
    window.addEventListener(TOKEN_REFUSED, onRefused);
    return () => window.removeEventListener(TOKEN_REFUSED, onRefused);
  }, [refused]);

  const token = auth?.token;
  useEffect(() => {
    if (!token) return;
    const check = () =>
      client
        .query({ query: MeDocument, fetchPolicy: 'network-only' })
        .then(({ data }) => {
          if (data && data.me === null) refused(token);
          else if (data?.me) followLanguage(data.me.language);
        })
        // Offline or the server away: nothing is known, so nothing changes; asked again later.
        .catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    if (issued.current !== token) void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [token, client, refused, followLanguage]);

  const value = useMemo(
    () => ({ auth, signIn, signOut: forget, replaceUser }),
    [auth, signIn, forget, replaceUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
