import { useApolloClient } from '@apollo/client/react';
import { plural } from '@lingui/core/macro';
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
  MergeMyCartDocument,
  MyCartDocument,
  SaveMyCartDocument,
  type AccountCartFieldsFragment,
  type ProductCardFieldsFragment,
  type VariantFieldsFragment,
} from '../gql/graphql';
import { notifyNotice, notifySuccess } from '../lib/notify';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { useAuth } from './auth';
import { checkoutLine, toLines } from './cart-lines';

/** The variant a line buys, as chosen: what the cart shows of it and sends at checkout. */
export type CartVariant = Pick<VariantFieldsFragment, 'id' | 'sku' | 'values' | 'price'>;

/**
 * A product as added, with the variant chosen when it has options. Entries stored before
 * variants have none, which stays right for a product sold one way.
 */
export type CartProduct = ProductCardFieldsFragment & { variant?: CartVariant | null };

const isVariant = (variant: unknown): boolean =>
  variant == null || typeof (variant as CartVariant).id === 'string';

function isCart(value: unknown): value is CartProduct[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof (item as CartProduct)?.id === 'string' && isVariant(item.variant))
  );
}

/**
 * The account's cart as the browser keeps it: an entry per unit, the variant named only for a
 * product with options (a product sold one way answers its one variant, of no values).
 */
function itemsOf(cart: AccountCartFieldsFragment): CartProduct[] {
  return cart.lines.flatMap(({ product, variant, quantity }) => {
    const entry: CartProduct =
      variant && variant.values.length > 0 ? { ...product, variant } : { ...product };
    return Array.from({ length: quantity }, () => entry);
  });
}

/** Said when units go into the cart: the spec's words for one. */
export const addedToCart = (quantity: number) =>
  plural(quantity, { one: 'Item added to cart', other: '# items added to cart' });

interface CartContextValue {
  /** One entry per "add": the same product may stand several times. */
  items: CartProduct[];
  /** Adds `quantity` units (one unless told); `variant` is the choice made of a product with options. */
  add(product: ProductCardFieldsFragment, variant?: VariantFieldsFragment, quantity?: number): void;
  setItems(items: CartProduct[]): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The cart: a list of products in state and under 'cart' in browser storage. For a signed-in
 * shopper it is also kept on the account, so it follows them to every device
 * (docs/decisions/031-cart-on-the-account.md): at sign-in the browser's cart is merged into the
 * account's; when the shop opens, or its tab comes back into view, the account's is read; every
 * change is saved. The server checks each line against the catalogue and says what it changed
 * (a quantity lowered to the stock, a product no longer sold), shown as a notice. Signing out
 * empties the browser's copy: the cart stays with the account.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const token = useAuth().auth?.token ?? null;
  const [stored] = useState(() => readStored(STORAGE_KEYS.cart, isCart) ?? []);
  const [items, setState] = useState<CartProduct[]>(stored);
  // The cart as last set, for changes made twice before a render, and a count of the changes:
  // an answer of the server is taken only if nothing changed in the browser since it was asked.
  const current = useRef(stored);
  const changes = useRef(0);

  const keep = useCallback((next: CartProduct[]) => {
    current.current = next;
    writeStored(STORAGE_KEYS.cart, next);
    // An emptied cart (an order placed, every line removed) has no coupon left to apply. The
    // key alone: the cart page, re-rendered by this change, reads it again (session/coupon.ts),
    // and the home page's code stays without the coupon's.
    if (next.length === 0) removeStored(STORAGE_KEYS.coupon);
    setState(next);
  }, []);

  /** The server's cart, unless the browser's changed since it was asked for. */
  const adopt = useCallback(
    (asked: number, cart: AccountCartFieldsFragment | undefined) => {
      if (!cart || changes.current !== asked) return false;
      keep(itemsOf(cart));
      for (const notice of cart.notices) notifyNotice(notice);
      return true;
    },
    [keep],
  );

  const linesOf = (cart: CartProduct[]) => toLines(cart).map(checkoutLine);

  const change = useCallback(
    (next: CartProduct[]) => {
      changes.current += 1;
      const asked = changes.current;
      keep(next);
      if (!token) return;
      client
        .mutate({ mutation: SaveMyCartDocument, variables: { lines: linesOf(next) } })
        .then(({ data }) => adopt(asked, data?.saveMyCart))
        // Kept in the browser: written with the next change, or merged at the next sign-in.
        .catch(() => undefined);
    },
    [client, token, keep, adopt],
  );

  const merge = useCallback(() => {
    const asked = changes.current;
    return client
      .mutate({ mutation: MergeMyCartDocument, variables: { lines: linesOf(current.current) } })
      .then(({ data }) => {
        // Changed meanwhile: the cart as it is now is merged instead (merging is idempotent).
        if (!adopt(asked, data?.mergeMyCart) && data) change(current.current);
      });
  }, [client, adopt, change]);

  const read = useCallback(async () => {
    const asked = changes.current;
    const { data } = await client.query({ query: MyCartDocument, fetchPolicy: 'network-only' });
    // An account that never kept a cart (signed in before carts were kept) takes the browser's.
    if (data && data.myCart.savedAt === null && current.current.length > 0) return merge();
    adopt(asked, data?.myCart);
  }, [client, adopt, merge]);

  // Signing in merges the browser's cart into the account's; opening the shop signed in, or
  // coming back to its tab, reads the account's; signing out leaves it with the account.
  const before = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const was = before.current;
    before.current = token;
    if (!token) {
      if (was) keep([]);
      return;
    }
    const sync = was === null ? merge : read;
    // Offline or refused: the browser's cart stays as it is until the next try.
    void sync().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [token, keep, merge, read]);

  const add = useCallback(
    (product: ProductCardFieldsFragment, variant?: VariantFieldsFragment, quantity = 1) => {
      // The page's product also holds every variant: the cart keeps only what its lines show.
      const { variants: _variants, ...card } = product as ProductCardFieldsFragment & {
        variants?: unknown;
      };
      const entry: CartProduct = variant
        ? {
            ...card,
            variant: {
              id: variant.id,
              sku: variant.sku,
              values: variant.values,
              price: variant.price,
            },
          }
        : card;
      change([...current.current, ...Array.from({ length: quantity }, () => entry)]);
      notifySuccess(addedToCart(quantity));
    },
    [change],
  );

  const value = useMemo(() => ({ items, add, setItems: change }), [items, add, change]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider');
  return value;
}
