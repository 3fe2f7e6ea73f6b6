import { Alert, Button, List, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatINR } from '../../lib/money';
import type { CartProduct } from '../../session/cart';
import { lineName } from './VariantLabel';

/** A line whose price the shop changed since it was added: the price kept, and the price now. */
export interface Repriced {
  product: CartProduct;
  was: number;
  now: number;
}

/** The price a cart entry was added at: its variant's, or the product's. */
export const addedPrice = (item: CartProduct): number => item.variant?.price ?? item.price;

/** The entry at the price it sells for now. */
export const atPrice = (item: CartProduct, price: number): CartProduct =>
  item.variant ? { ...item, variant: { ...item.variant, price } } : { ...item, price };

/**
 * Says which prices changed since the shopper added the products (the cart already shows and
 * charges the new ones), until they say they have seen it; then the cart keeps the new prices.
 */
export function RepricedNotice({ lines, seen }: { lines: Repriced[]; seen(): void }) {
  const { t } = useLingui();
  if (lines.length === 0) return null;
  return (
    <Alert color="yellow" title={t`Prices changed since you added these`} role="status">
      <Stack gap="xs" align="flex-start">
        <List size="sm">
          {lines.map(({ product, was: wasPrice, now: nowPrice }) => {
            const name = lineName(product);
            const now = formatINR(nowPrice);
            const was = formatINR(wasPrice);
            return (
              <List.Item key={`${product.id}/${product.variant?.id ?? ''}`}>
                <Trans>
                  {name}: now {now}, was {was}
                </Trans>
              </List.Item>
            );
          })}
        </List>
        <Button size="xs" variant="light" color="yellow" onClick={seen}>
          <Trans>Got it</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
