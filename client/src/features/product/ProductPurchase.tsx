import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ListedPriceTag, PriceTag } from '../../components/PriceTag';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { ProductDetailsFieldsFragment } from '../../gql/graphql';
import { WORDS } from '../../lib/messages';
import { paths } from '../../lib/routes';
import { useCart } from '../../session/cart';
import { lineKey } from '../../session/cart-lines';
import { FEW_LEFT, stockMessage } from './stock-words';
import { useVariantChoice } from './use-variant-choice';
import { VariantPicker } from './VariantPicker';

const stockColour = (quantity: number) =>
  quantity <= 0 ? 'red.8' : quantity <= FEW_LEFT ? 'orange.9' : 'green.9';

/** "Choose a Size and a Colour": what is missing before the cart will take it. */
function chooseMessage(options: { name: string }[]): string {
  const wanted = options
    .map(({ name }) => t`a ${name}`)
    .reduce((first, last) => t`${first} and ${last}`);
  return t`Choose ${wanted}`;
}

/** "2 in your cart" (or all the stock): beside the link that goes there. */
function inCartWords(inCart: number, allOfIt: boolean): string {
  return allOfIt ? t`All ${inCart} in stock are in your cart` : t`${inCart} in your cart`;
}

/**
 * The buying part of a product's page: its options, the price, MRP, stock and SKU of the
 * variant chosen (the product's lowest price until then), how many, and Add to cart and Buy
 * now, which need a full choice. The quantity is bounded by the stock less what the cart holds
 * already, so the cart never asks for more than there is.
 */
export function ProductPurchase({ product }: { product: ProductDetailsFieldsFragment }) {
  const { add, items } = useCart();
  const navigate = useNavigate();
  const { choice, choose, variant } = useVariantChoice(product);
  const hasOptions = product.options.length > 0;
  const chosen = hasOptions ? variant : undefined;
  const stock = chosen ? chosen.quantity : product.quantity;
  const key = lineKey({ ...product, variant: chosen });
  const inCart = hasOptions && !chosen ? 0 : items.filter((item) => lineKey(item) === key).length;
  // How many, for the choice it was set for: another size or colour starts again from one.
  const [wanted, setWanted] = useState({ key, quantity: 1 });
  const left = Math.max(stock - inCart, 0);
  const quantity = Math.min(wanted.key === key ? wanted.quantity : 1, Math.max(left, 1));
  const canAdd = left > 0 && (!hasOptions || !!chosen);

  const buyNow = () => {
    add(product, chosen, quantity);
    navigate(paths.cart);
  };

  return (
    <Stack gap="sm">
      <div>
        {chosen ? (
          <PriceTag
            price={chosen.price}
            mrp={chosen.mrp}
            discountPercent={chosen.discountPercent}
            size="xl"
          />
        ) : (
          <ListedPriceTag product={product} size="xl" />
        )}
        <Text size="xs" c="dimmed">
          <Trans>Inclusive of all taxes</Trans>
        </Text>
      </div>
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
        <Text fw={600} c={stockColour(stock)} data-testid="stock-message">
          {stockMessage(stock)}
        </Text>
        {hasOptions && !chosen && product.quantity > 0 && (
          <Text size="sm">{chooseMessage(product.options)}</Text>
        )}
        {inCart > 0 && (
          <Text size="sm" data-testid="in-cart">
            {inCartWords(inCart, left === 0)} ·{' '}
            <Anchor component={Link} to={paths.cart}>
              <Trans>Go to cart</Trans>
            </Anchor>
          </Text>
        )}
      </div>
      {stock > 0 && (
        <QuantityStepper
          name={product.name}
          value={quantity}
          max={left}
          onChange={(chosenQuantity) => setWanted({ key, quantity: chosenQuantity })}
          disabled={!canAdd}
        />
      )}
      <Group gap="sm" grow maw={420}>
        <Button
          variant="outline"
          color="dark"
          size="md"
          disabled={!canAdd}
          onClick={() => add(product, chosen, quantity)}
        >
          {WORDS.addToCart}
        </Button>
        <Button color="dark" size="md" disabled={!canAdd} onClick={buyNow}>
          {WORDS.buyNow}
        </Button>
      </Group>
    </Stack>
  );
}
