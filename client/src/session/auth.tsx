import { createContext, ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { UserFieldsFragment } from '../gql/graphql';
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

interface AuthContextValue {
  auth: StoredAuth | null;
  signIn(auth: StoredAuth): void;
  signOut(): void;
  replaceUser(user: AuthUser): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Who is signed in: kept in state and under 'auth' in browser storage, restored at start. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuth] = useState<StoredAuth | null>(() =>
    readStored(STORAGE_KEYS.auth, isStoredAuth),
  );

  const signIn = useCallback((next: StoredAuth) => {
    writeStored(STORAGE_KEYS.auth, next);
    setAuth(next);
  }, []);

  const signOut = useCallback(() => {
    removeStored(STORAGE_KEYS.auth);
    setAuth(null);
  }, []);

  const replaceUser = useCallback((user: AuthUser) => {
    setAuth((current) => {
      if (!current) return current;
      const next = { ...current, user };
      writeStored(STORAGE_KEYS.auth, next);
      return next;
    });
  }, []);

  const value = useMemo(
    () => ({ auth, signIn, signOut, replaceUser }),
    [auth, signIn, signOut, replaceUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
