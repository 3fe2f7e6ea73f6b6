import { Box, Text, VisuallyHidden } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { formatINR } from '../lib/money';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface PriceTagProps {
  /** Rupees. */
  price: number;
  /** Rupees: the maximum retail price printed on the pack, when there is one. */
  mrp?: number | null;
  /** Whole percent off the MRP, as the server works it out. */
  discountPercent: number;
  /** The variants differ in price: this is the lowest ("from ₹799"). */
  from?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * A price as Indian shops show it: the selling price, the MRP struck through and the
 * discount in percent. Screen readers do not announce a strike-through, so the MRP is named.
 */
export function PriceTag({
  price,
  mrp,
  discountPercent,
  from = false,
  size = 'md',
}: PriceTagProps) {
  const discounted = mrp != null && discountPercent > 0;
  const amount = formatINR(price);
  return (
    <Box component="span" data-testid="price-tag">
      <Text component="span" fw={700} c="teal.8" size={size} style={NO_WRAP}>
        {from ? (
          <Trans>
            from <span>{amount}</span>
          </Trans>
        ) : (
          <span>{amount}</span>
        )}
      </Text>
      {discounted && (
        <>
          {' '}
          <Text component="s" size="sm" c="dimmed" style={NO_WRAP}>
            <VisuallyHidden>MRP </VisuallyHidden>
            {formatINR(mrp)}
          </Text>{' '}
          <Text component="span" size="sm" fw={600} c="green.9" style={NO_WRAP}>
            <Trans>{discountPercent}% off</Trans>
          </Text>
        </>
      )}
    </Box>
  );
}

/** What a product lists: its lowest price in stock, that price's MRP and discount. */
interface Listed {
  listedPrice: number;
  listedMrp?: number | null;
  discountPercent: number;
  pricesVary: boolean;
}

/** A product's price tag as lists and its page show it before a choice: "from" when variants differ. */
export function ListedPriceTag({
  product,
  size,
}: {
  product: Listed;
  size?: PriceTagProps['size'];
}) {
  return (
    <PriceTag
      price={product.listedPrice}
      mrp={product.listedMrp}
      discountPercent={product.discountPercent}
      from={product.pricesVary}
      size={size}
    />
  );
}
