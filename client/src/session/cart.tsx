import { createContext, ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { ProductCardFieldsFragment } from '../gql/graphql';
import { notifySuccess } from '../lib/notify';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

export type CartProduct = ProductCardFieldsFragment;

function isCart(value: unknown): value is CartProduct[] {
  return (
    Array.isArray(value) && value.every((item) => typeof (item as CartProduct)?.id === 'string')
  );
}

interface CartContextValue {
  /** One entry per "add": the same product may stand several times. */
  items: CartProduct[];
  add(product: CartProduct): void;
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
    setState(next);
  }, []);

  const add = useCallback((product: CartProduct) => {
    setState((current) => {
      const next = [...current, product];
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
