import { Group, Stack, Text } from '@mantine/core';
import { LineSaving } from '../../components/OrderAmounts';
import { ProductPhoto, thumbnail } from '../../components/ProductPhoto';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { formatINR } from '../../lib/money';
import { cancelledByShop } from '../../lib/return-words';

type Line = OrderDetailFieldsFragment['lines'][number];

/** "Size: M, Colour: Indigo": the options of the variant bought. */
const choicesOf = (line: Line) =>
  line.choices.map((choice) => `${choice.name}: ${choice.value}`).join(', ');

/**
 * What an order bought, as it was bought: each line's photo, name, options, SKU, units and
 * price a unit and what it saved (the server's; nothing is added up here), and the units the shop cancelled.
 */
export function OrderLineList({ lines }: { lines: Line[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line, at) => (
        <Group
          key={`${line.sku ?? line.name}-${at}`}
          component="li"
          wrap="nowrap"
          align="flex-start"
          data-testid="order-line"
        >
          {line.photo ? (
            <ProductPhoto
              product={{ photo: line.photo }}
              alt={line.name}
              sizes="72px"
              style={thumbnail(72, 54)}
            />
          ) : (
            line.product?.photoUrl && (
              <ProductPhoto
                product={line.product}
                alt={line.name}
                sizes="72px"
                style={thumbnail(72, 54)}
              />
            )
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{line.name}</Text>
            {line.choices.length > 0 && <Text size="sm">{choicesOf(line)}</Text>}
            {line.sku && (
              <Text size="xs" c="dimmed">
                SKU {line.sku}
              </Text>
            )}
            <Text size="sm">
              {line.quantity} × {formatINR(line.price)}
            </Text>
            <LineSaving discount={line.discount} />
            {line.cancelled > 0 && (
              <Text size="sm" c="orange.9" data-testid="line-cancelled">
                {cancelledByShop(line.cancelled)}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
