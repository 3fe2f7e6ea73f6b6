import { useApolloClient } from '@apollo/client/react';
import { MAX_WISHLIST } from '@shop/rules';
import {
  createContext,
  ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  AddToWishlistDocument,
  MergeWishlistDocument,
  RemoveFromWishlistDocument,
  WishlistIdsDocument,
} from '../gql/graphql';
import { WISHLIST } from '../lib/messages';
import { errorMessage, notifyError, notifySuccess } from '../lib/notify';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { useAuth } from './auth';

/** What the heart needs of a product: its id, and its name to say what it does. */
export interface WishedProduct {
  id: string;
  name: string;
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((id) => typeof id === 'string');
}

/** The guest's list as stored in this browser, newest first. */
const browserList = (): string[] =>
  (readStored(STORAGE_KEYS.wishlist, isIdList) ?? []).slice(0, MAX_WISHLIST);

/** The list shown, for the session it belongs to (a token, or null for a guest). */
interface HeldState {
  token: string | null;
  ids: readonly string[];
  loading: boolean;
}

/** What a session starts with: a guest's list at once; an account's once the server answers. */
const stateFor = (token: string | null): HeldState =>
  token ? { token, ids: [], loading: true } : { token, ids: browserList(), loading: false };

interface WishlistContextValue {
  /** Product ids, newest first. */
  ids: readonly string[];
  /** While a signed-in shopper's list is asked of the server. */
  loading: boolean;
  has(productId: string): boolean;
  /** Adds the product, or takes it off when held; a toast says which. */
  toggle(product: WishedProduct): Promise<void>;
}

const WishlistContext = createContext<WishlistContextValue | null>(null);

/**
 * The wishlist: for a guest, product ids under 'wishlist' in browser storage; once signed in,
 * the account's, kept on the server (asked for once at sign-in). Signing in merges the
 * browser's list into the account (mergeWishlist), then forgets the browser's copy.
 */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const { auth } = useAuth();
  const token = auth?.token ?? null;
  const [held, setHeld] = useState<HeldState>(() => stateFor(token));
  // Signed in or out: start over with the guest's list, or with none until the server answers.
  if (held.token !== token) setHeld(stateFor(token));
  const { ids, loading } = held;

  /** Shows `next` while the session it belongs to is still the one shown. */
  const show = useCallback(
    (next: readonly string[], stillLoading = false) =>
      setHeld((now) => (now.token === token ? { token, ids: next, loading: stillLoading } : now)),
    [token],
  );

  useEffect(() => {
    if (!token) return;
    let stale = false;
    const guestList = browserList();
    const asked =
      guestList.length > 0
        ? client
            .mutate({ mutation: MergeWishlistDocument, variables: { productIds: guestList } })
            .then(({ data }) => {
              removeStored(STORAGE_KEYS.wishlist);
              return data?.mergeWishlist ?? [];
            })
        : client
            .query({ query: WishlistIdsDocument, fetchPolicy: 'network-only' })
            .then(({ data }) => data?.wishlist.map((product) => product.id) ?? []);
    asked
      .then((answer) => {
        if (!stale) show(answer);
      })
      // Offline, or the session ended: the hearts stay empty; the next sign-in asks again.
      .catch(() => {
        if (!stale) show([]);
      });
    return () => {
      stale = true;
    };
  }, [token, client, show]);

  const has = useCallback((productId: string) => ids.includes(productId), [ids]);

  const toggle = useCallback(
    async ({ id }: WishedProduct) => {
      const wasHeld = ids.includes(id);
      if (!wasHeld && ids.length >= MAX_WISHLIST) {
        notifyError(WISHLIST.full);
        return;
      }
      const next = wasHeld ? ids.filter((one) => one !== id) : [id, ...ids];
      show(next, loading);
      if (!token) {
        writeStored(STORAGE_KEYS.wishlist, next);
        notifySuccess(wasHeld ? WISHLIST.removed : WISHLIST.added);
        return;
      }
      try {
        const answer = wasHeld
          ? (
              await client.mutate({
                mutation: RemoveFromWishlistDocument,
                variables: { productId: id },
              })
            ).data?.removeFromWishlist
          : (await client.mutate({ mutation: AddToWishlistDocument, variables: { productId: id } }))
              .data?.addToWishlist;
        if (answer) show(answer);
        notifySuccess(wasHeld ? WISHLIST.removed : WISHLIST.added);
      } catch (error) {
        show(ids, loading);
        notifyError(errorMessage(error).replace(/^productId: /, ''));
      }
    },
    [client, token, ids, loading, show],
  );

  const value = useMemo(() => ({ ids, loading, has, toggle }), [ids, loading, has, toggle]);
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistContextValue {
  const value = useContext(WishlistContext);
  if (!value) throw new Error('useWishlist needs a WishlistProvider');
  return value;
}
