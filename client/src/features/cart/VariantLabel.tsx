import { Text } from '@mantine/core';
import type { CartProduct, CartVariant } from '../../session/cart';

/** A line's name for its buttons: the product and, for a variant, its values ("Kurta M / Blue"). */
export const lineName = (item: CartProduct): string =>
  item.variant?.values.length ? `${item.name} ${item.variant.values.join(' / ')}` : item.name;

/** The variant a cart line buys: its option values and SKU. */
export function VariantLabel({ variant }: { variant: CartVariant }) {
  return (
    <Text size="sm" data-testid="line-variant">
      {variant.values.join(' / ')}
      <Text component="span" size="xs" c="dimmed">
        {' '}
        · SKU {variant.sku}
      </Text>
    </Text>
  );
}
