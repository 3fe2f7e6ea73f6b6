import { createContext, ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { ProductCardFieldsFragment, VariantFieldsFragment } from '../gql/graphql';
import { notifySuccess } from '../lib/notify';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';

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

interface CartContextValue {
  /** One entry per "add": the same product may stand several times. */
  items: CartProduct[];
  /** Adds one unit; `variant` is the choice made of a product with options. */
  add(product: ProductCardFieldsFragment, variant?: VariantFieldsFragment): void;
  setItems(items: CartProduct[]): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** The cart: a list of products in state and under 'cart' in browser storage. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setState] = useState<CartProduct[]>(
    () => readStored(STORAGE_KEYS.cart, isCart) ?? [],
  );

  const setItems = useCallback((next: CartProduct[]) => {
    writeStored(STORAGE_KEYS.cart, next);
    // An emptied cart (an order placed, every line removed) has no coupon left to apply. The
    // key alone: the cart page, re-rendered by this change, reads it again (session/coupon.ts),
    // and the home page's code stays without the coupon's.
    if (next.length === 0) removeStored(STORAGE_KEYS.coupon);
    setState(next);
  }, []);

  const add = useCallback((product: ProductCardFieldsFragment, variant?: VariantFieldsFragment) => {
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
    setState((current) => {
      const next = [...current, entry];
      writeStored(STORAGE_KEYS.cart, next);
      return next;
    });
    notifySuccess('Item added to cart');
  }, []);

  const value = useMemo(() => ({ items, add, setItems }), [items, add, setItems]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider');
  return value;
}
