import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CartProduct, useCart } from '../session/cart';
import { ADD_TO_CART, OUT_OF_STOCK } from '../lib/messages';
import { formatINR } from '../lib/money';
import { productPath } from '../lib/routes';
import { excerpt } from '../lib/text';

interface ProductCardProps {
  product: CartProduct;
  /** Characters of the description shown before '...'. */
  excerptLength?: number;
  /** Similar-product cards have no photo and no cart button. */
  compact?: boolean;
}

export function ProductCard({ product, excerptLength = 60, compact = false }: ProductCardProps) {
  const { add } = useCart();
  const outOfStock = product.quantity <= 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="product-card">
      {!compact && product.photoUrl && (
        <Card.Section>
          <Image src={product.photoUrl} alt={product.name} h={180} fit="cover" loading="lazy" />
        </Card.Section>
      )}
      <Stack gap={6} mt={compact ? 0 : 'sm'} style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} lineClamp={2}>
            {product.name}
          </Text>
          <Text fw={700} c="teal.8" style={{ whiteSpace: 'nowrap' }}>
            {formatINR(product.price)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {excerpt(product.description, excerptLength)}
        </Text>
        {outOfStock && (
          <Badge color="gray" variant="light" w="fit-content">
            {OUT_OF_STOCK}
          </Badge>
        )}
      </Stack>
      <Group mt="md" gap="xs" grow>
        <Button component={Link} to={productPath(product.slug)} variant="light" size="xs">
          More Details
        </Button>
        {!compact && (
          <Button size="xs" color="dark" disabled={outOfStock} onClick={() => add(product)}>
            {ADD_TO_CART}
          </Button>
        )}
      </Group>
    </Card>
  );
}
