import { Button, Stack, Text } from '@mantine/core';
import { PriceTag } from '../../components/PriceTag';
import type { ProductDetailsFieldsFragment } from '../../gql/graphql';
import { ADD_TO_CART, OUT_OF_STOCK } from '../../lib/messages';
import { useCart } from '../../session/cart';
import { useVariantChoice } from './use-variant-choice';
import { VariantPicker } from './VariantPicker';

/** Units at or below which the page says how many are left, so a shopper can hurry. */
export const FEW_LEFT = 5;

/** What the page says of the units in stock of the product or the variant chosen. */
export function stockMessage(quantity: number): string | null {
  if (quantity <= 0) return OUT_OF_STOCK;
  return quantity <= FEW_LEFT ? `Only ${quantity} left` : null;
}

/** "Choose a Size and a Colour": what is missing before the cart will take it. */
const chooseMessage = (options: { name: string }[]) =>
  `Choose ${options.map((option) => `a ${option.name}`).join(' and ')}`;

/**
 * The buying part of a product's page: its options, the price, MRP, stock and SKU of the
 * variant chosen (the product's lowest price until then), and the cart button, which needs
 * a full choice.
 */
export function ProductPurchase({ product }: { product: ProductDetailsFieldsFragment }) {
  const { add } = useCart();
  const { choice, choose, variant } = useVariantChoice(product);
  const hasOptions = product.options.length > 0;
  const chosen = hasOptions ? variant : undefined;
  const quantity = chosen ? chosen.quantity : product.quantity;
  const message = stockMessage(hasOptions && !chosen ? product.quantity : quantity);
  const canAdd = quantity > 0 && (!hasOptions || !!chosen);
  return (
    <Stack gap="xs">
      <Text component="div">
        <b>Price :</b>{' '}
        {chosen ? (
          <PriceTag
            price={chosen.price}
            mrp={chosen.mrp}
            discountPercent={chosen.discountPercent}
            size="lg"
          />
        ) : (
          <PriceTag
            price={product.listedPrice}
            mrp={product.listedMrp}
            discountPercent={product.discountPercent}
            from={product.pricesVary}
            size="lg"
          />
        )}
      </Text>
      {hasOptions && (
        <VariantPicker
          options={product.options}
          variants={product.variants}
          choice={choice}
          onChoose={choose}
        />
      )}
      {chosen && (
        <Text size="sm" c="dimmed">
          SKU : {chosen.sku}
        </Text>
      )}
      <div aria-live="polite">
        {message && (
          <Text c={quantity <= 0 ? 'red' : 'orange.9'} data-testid="stock-message">
            {message}
          </Text>
        )}
        {hasOptions && !chosen && product.quantity > 0 && (
          <Text size="sm">{chooseMessage(product.options)}</Text>
        )}
      </div>
      <Button color="dark" w="fit-content" disabled={!canAdd} onClick={() => add(product, chosen)}>
        {ADD_TO_CART}
      </Button>
    </Stack>
  );
}
