import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import type { OrderFieldsFragment } from '../gql/graphql';

/** A coupon or offer applied to a cart or an order, and what it saved. */
type AppliedDiscount = OrderFieldsFragment['discounts'][number];
import { formatINR } from '../lib/money';

/**
 * Each coupon (by its code) and offer (by its name) applied to a cart or an order, with what
 * it saved, as the server answered them: "FIRST100 −₹100.00".
 */
export function DiscountLines({ discounts }: { discounts: AppliedDiscount[] }) {
  return discounts.map((discount) => (
    <Group
      key={`${discount.kind}-${discount.name}`}
      justify="space-between"
      wrap="nowrap"
      data-testid="discount"
    >
      <Text c="green.9">{discount.name}</Text>
      <Text c="green.9" style={{ whiteSpace: 'nowrap' }}>
        −{formatINR(discount.amount)}
      </Text>
    </Group>
  ));
}

/** What a line saves (all its units), the server's figure: "You save ₹20.00"; nothing at 0. */
export function LineSaving({ discount }: { discount: number }) {
  if (discount <= 0) return null;
  const saving = formatINR(discount);
  return (
    <Text size="sm" c="green.9" data-testid="line-saving">
      <Trans>You save {saving}</Trans>
    </Text>
  );
}

/**
 * What the order comes to, as the server worked it out: the goods, each discount, shipping and
 * the total. `label` names the total: "Total", or "Amount paid" once paid.
 */
export function OrderAmounts({
  order,
  label,
}: {
  order: Pick<OrderFieldsFragment, 'goods' | 'discounts' | 'total' | 'shippingCharge' | 'tax'>;
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      {/* The server's figures as they are: the total already holds discounts and shipping. */}
      <Group justify="space-between" mt="sm">
        <Text>
          <Trans>Goods</Trans>
        </Text>
        <Text data-testid="order-goods">{formatINR(order.goods)}</Text>
      </Group>
      <DiscountLines discounts={order.discounts} />
      <Group justify="space-between">
        <Text>
          <Trans>Shipping</Trans>
        </Text>
        <Text data-testid="order-shipping">
          {order.shippingCharge > 0 ? formatINR(order.shippingCharge) : t`Free`}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{label ?? t`Total`}</Text>
        <Text fw={700} data-testid="order-total">
          {formatINR(order.total)}
        </Text>
      </Group>
      <TaxIncluded tax={order.tax} />
    </>
  );
}

/**
 * The GST within a total, as the server worked it out: prices include it, as Indian prices
 * do, so it is said, not added. Nothing while the shop charges none.
 */
export function TaxIncluded({ tax }: { tax?: { amount: number } | null }) {
  if (!tax) return null;
  const amount = formatINR(tax.amount);
  return (
    <Text size="sm" c="dimmed" ta="right" data-testid="tax-included">
      <Trans>Inclusive of GST {amount}</Trans>
    </Text>
  );
}
