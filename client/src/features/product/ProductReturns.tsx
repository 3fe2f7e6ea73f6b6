import { Text } from '@mantine/core';
import type { ProductDetailsFieldsFragment } from '../../gql/graphql';
import { useProductReturnsQuery } from '../../gql/hooks';
import { returnsInWords } from '../../lib/return-words';

/**
 * One line under the delivery check: "7-day returns" or "Not returnable", by the shop's return
 * policy; nothing while it is on its way, or when it cannot be read.
 */
export function ProductReturns({
  product,
}: {
  product: Pick<ProductDetailsFieldsFragment, 'id' | 'category'>;
}) {
  const { data } = useProductReturnsQuery();
  if (!data) return null;
  return (
    <Text size="sm" data-testid="product-returns">
      {returnsInWords(data.returnPolicy, product)}
    </Text>
  );
}
