import { Badge, Button, Card, Group, Highlight, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { CartProduct, useCart } from '../session/cart';
import { asShown } from '../lib/i18n';
import { WORDS } from '../lib/messages';
import { productPath } from '../lib/routes';
import { excerpt } from '../lib/text';
import { ListedPriceTag } from './PriceTag';
import { ProductPhoto } from './ProductPhoto';
import { WishlistButton } from './WishlistButton';
import { RatingStars } from './RatingStars';

/**
 * How wide a card's photo is drawn: the whole width of a phone, half of a tablet's, and
 * about 320 pixels in the three columns beside the filters (ProductGrid, CatalogueBrowser).
 */
const CARD_PHOTO_SIZES = '(min-width: 62em) 320px, (min-width: 36em) 50vw, 100vw';
const CARD_PHOTO_HEIGHT = 180;
/** A similar product's card: two a row on a phone, three beside the product on a wider screen. */
const COMPACT_PHOTO_SIZES = '(min-width: 62em) 240px, (min-width: 36em) 33vw, 50vw';
const COMPACT_PHOTO_HEIGHT = 140;

interface ProductCardProps {
  product: CartProduct;
  /** Characters of the description shown before '...'. */
  excerptLength?: number;
  /** Similar-product cards: a smaller photo, and no cart button or heart. */
  compact?: boolean;
  /** Words marked in the name and the excerpt (a search's matches). */
  highlight?: string[];
  /** In the first row of a list: its photo is fetched at once (see ProductPhoto). */
  priority?: boolean;
}

export function ProductCard({
  product: given,
  excerptLength = 60,
  compact = false,
  highlight = [],
  priority = false,
}: ProductCardProps) {
  const { add } = useCart();
  const { t } = useLingui();
  const product = asShown(given);
  const { name } = product;
  const chooseOptions = WORDS.chooseOptions;
  const outOfStock = product.quantity <= 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="product-card">
      <Card.Section>
        <ProductPhoto
          product={product}
          alt={product.name}
          sizes={compact ? COMPACT_PHOTO_SIZES : CARD_PHOTO_SIZES}
          priority={priority}
          style={{
            height: compact ? COMPACT_PHOTO_HEIGHT : CARD_PHOTO_HEIGHT,
            objectFit: 'cover',
          }}
        />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Highlight highlight={highlight} fw={600} lineClamp={2}>
          {product.name}
        </Highlight>
        <ListedPriceTag product={product} />
        <RatingStars rating={product.rating} size="xs" />
        <Highlight highlight={highlight} size="sm" c="dimmed">
          {excerpt(product.description, excerptLength)}
        </Highlight>
        {outOfStock && (
          <Badge color="gray" variant="light" w="fit-content">
            {WORDS.outOfStock}
          </Badge>
        )}
      </Stack>
      <Group mt="md" gap="xs" grow>
        <Button component={Link} to={productPath(product.slug)} variant="light" size="xs">
          <Trans>More Details</Trans>
        </Button>
        {!compact &&
          (product.options.length > 0 ? (
            // A size or colour must be chosen first, which only the product's page offers.
            <Button
              component={Link}
              to={productPath(product.slug)}
              size="xs"
              color="dark"
              aria-label={t`${chooseOptions} of ${name}`}
            >
              {WORDS.chooseOptions}
            </Button>
          ) : (
            <Button size="xs" color="dark" disabled={outOfStock} onClick={() => add(product)}>
              {WORDS.addToCart}
            </Button>
          ))}
      </Group>
      {!compact && <WishlistButton product={product} />}
    </Card>
  );
}
