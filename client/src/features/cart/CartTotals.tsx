import { Group, List, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CartQuoteQuery } from '../../gql/graphql';
import { DiscountLines, TaxIncluded } from '../../components/OrderAmounts';
import { formatINR } from '../../lib/money';
import { hintInWords } from './offer-words';

type Quote = CartQuoteQuery['cartQuote'];

/**
 * The cart's goods, each coupon and offer applied with what it saves, shipping and total, as
 * the server quotes them (the same sums checkout charges): "Free" once the goods reach the
 * threshold, else the charge and what is missing; then the offers the cart could still get.
 */
export function CartTotals({ quote }: { quote: Quote }) {
  const { t } = useLingui();
  const free = quote.shipping === 0;
  const missing = formatINR(quote.amountToFreeShipping ?? 0);
  const total = formatINR(quote.total);
  return (
    <Stack gap={4} data-testid="cart-totals">
      <Group justify="space-between">
        <Text>
          <Trans>Goods</Trans>
        </Text>
        <Text data-testid="cart-goods">{formatINR(quote.goods)}</Text>
      </Group>
      <DiscountLines discounts={quote.discounts} />
      <Group justify="space-between">
        <Text>
          <Trans>Shipping</Trans>
        </Text>
        <Text data-testid="cart-shipping" c={free ? 'green.9' : undefined}>
          {free ? <Trans>Free</Trans> : formatINR(quote.shipping)}
        </Text>
      </Group>
      {!free && quote.amountToFreeShipping != null && quote.amountToFreeShipping > 0 && (
        <Text size="sm" c="dimmed" data-testid="free-shipping-hint">
          <Trans>Add {missing} more for free delivery</Trans>
        </Text>
      )}
      <Text fw={700} size="lg" data-testid="cart-total">
        <Trans>Total : {total}</Trans>
      </Text>
      <TaxIncluded tax={quote.tax} />
      {quote.hints.length > 0 && (
        <List
          size="sm"
          spacing={2}
          aria-label={t`Offers you could still get`}
          data-testid="offer-hints"
        >
          {quote.hints.map((hint) => (
            <List.Item key={hint.name} data-testid="offer-hint">
              {hintInWords(hint)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
