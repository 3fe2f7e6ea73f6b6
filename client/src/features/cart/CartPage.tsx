import { ActionIcon, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../session/auth';
import { useCart } from '../../session/cart';
import { LineSaving } from '../../components/OrderAmounts';
import { Page } from '../../components/Page';
import { ProductPhoto, thumbnail } from '../../components/ProductPhoto';
import { DeliveryCheck } from '../../components/DeliveryCheck';
import { useCartQuoteQuery, useCartStockQuery } from '../../gql/account-hooks';
import { inShopWords } from '../../lib/i18n';
import { errorMessage } from '../../lib/notify';
import { useCartCoupon } from '../../session/coupon';
import { useDeliveryPin } from '../../session/delivery-pin';
import { WORDS } from '../../lib/messages';
import { formatCount, formatINR } from '../../lib/money';
import { paths, productPath } from '../../lib/routes';
import { excerpt } from '../../lib/text';
import { checkoutLine, lineKey, toLines, withQuantity } from '../../session/cart-lines';
import { lineNow } from './cart-lines';
import { CartTotals } from './CartTotals';
import { addedPrice, atPrice, RepricedNotice } from './RepricedNotice';
import { lineName, VariantLabel } from './VariantLabel';
import { CheckoutForm } from './CheckoutForm';
import { CouponField } from './CouponField';
import { DeliveryAddressPicker, useDeliveryChoice } from './DeliveryAddressPicker';

/** `/cart?coupon=CODE` (a banner's link): keeps CODE with the cart, then drops it from the URL. */
function useCouponOfLink(keep: (code: string) => void) {
  const [params, setParams] = useSearchParams();
  const linked = params.get('coupon');
  useEffect(() => {
    if (linked === null) return;
    if (linked.trim()) keep(linked);
    setParams(
      (now) => {
        now.delete('coupon');
        return now;
      },
      { replace: true },
    );
  }, [linked, keep, setParams]);
}

export default function CartPage() {
  const { t } = useLingui();
  const { items, setItems } = useCart();
  const { auth } = useAuth();
  const shopper = auth?.user.name;
  const count = formatCount(items.length);
  const navigate = useNavigate();
  const delivery = useDeliveryChoice(Boolean(auth?.token));
  const lines = toLines(items);
  const { data } = useCartStockQuery({
    variables: { ids: lines.map((line) => line.product.id) },
    skip: lines.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  // The shop's current price and stock, where known; the stored copy otherwise.
  const current = new Map(data?.productsByIds.map((product) => [product.id, product]));
  const priced = lines.map((line) => ({
    ...line,
    ...lineNow(line, data ? (current.get(line.product.id) ?? null) : undefined),
  }));
  // Goods, shipping and total as the server works them out: for the saved address chosen (the
  // order goes there, and checkout charges for its PIN), else for the PIN last checked.
  const [checkedPin] = useDeliveryPin();
  const pin = delivery.chosen?.pin ?? checkedPin;
  const [couponCode, keepCoupon] = useCartCoupon();
  useCouponOfLink(keepCoupon);
  // Checkout's refusal of the code (used up meanwhile...), while that code is kept.
  const [refused, setRefused] = useState<{ code: string; message: string } | null>(null);
  const quoted = useCartQuoteQuery({
    variables: { lines: lines.map(checkoutLine), pin, couponCode },
    skip: lines.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  const quote = (quoted.data ?? quoted.previousData)?.cartQuote;
  // The quote for the code kept: its answer about the code, and each line's share of discounts.
  const coupon = quote?.coupon?.code === couponCode?.toUpperCase() ? quote?.coupon : null;
  const couponRefusal =
    (refused && refused.code === couponCode ? refused.message : null) ??
    (coupon && !coupon.applied && coupon.message ? inShopWords(coupon.message) : null);
  const lineDiscount = (line: (typeof lines)[number]) => {
    const sent = checkoutLine(line);
    return (
      quote?.lines.find(
        (one) =>
          // A product sold one way is priced as its one variant: the product names the line.
          one.productId === sent.productId && (!sent.variantId || one.variantId === sent.variantId),
      )?.discount ?? 0
    );
  };
  const blocked = priced.some(
    (line) => line.problem !== null || (line.stock !== null && line.stock < line.quantity),
  );
  const setQuantity = (key: string, quantity: number) =>
    setItems(withQuantity(items, key, quantity));
  const repriced = priced
    .filter((line) => line.problem === null && line.price !== addedPrice(line.product))
    .map((line) => ({ product: line.product, was: addedPrice(line.product), now: line.price }));
  const keepNewPrices = () =>
    setItems(
      items.map((item) => {
        const line = repriced.find(({ product }) => lineKey(product) === lineKey(item));
        return line ? atPrice(item, line.now) : item;
      }),
    );

  return (
    <Page title={t`Cart`}>
      <Title order={2} ta="center">
        {auth ? <Trans>Hello {shopper}</Trans> : <Trans>Hello Guest</Trans>}
      </Title>
      <Text ta="center" mb="lg">
        {items.length ? (
          <Trans>You have {count} items in your cart</Trans>
        ) : (
          <Trans>Your cart is empty</Trans>
        )}
      </Text>
      {lines.length === 0 ? (
        <Group justify="center">
          <Button component={Link} to={paths.home}>
            <Trans>Continue shopping</Trans>
          </Button>
        </Group>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <RepricedNotice lines={repriced} seen={keepNewPrices} />
              {priced.map((line) => {
                const name = lineName(line.product);
                const price = formatINR(line.price);
                const left = formatCount(line.stock ?? 0);
                return (
                  <Card key={line.key} withBorder data-testid="cart-line">
                    <Group wrap="nowrap" align="flex-start">
                      <ProductPhoto
                        product={line.product}
                        alt={line.product.name}
                        sizes="96px"
                        style={thumbnail(96, 72)}
                      />
                      <Stack gap={4} style={{ flex: 1 }}>
                        <Text fw={600}>{line.product.name}</Text>
                        {line.product.variant && <VariantLabel variant={line.product.variant} />}
                        <Text size="sm" c="dimmed">
                          {excerpt(line.product.description, 30)}
                        </Text>
                        <Text size="sm">
                          <Trans>Price : {price}</Trans>
                        </Text>
                        <Group gap="xs">
                          <ActionIcon
                            variant="default"
                            aria-label={t`One less ${name}`}
                            onClick={() => setQuantity(line.key, line.quantity - 1)}
                          >
                            −
                          </ActionIcon>
                          <Text aria-label={t`Quantity`} data-testid="line-quantity">
                            {line.quantity}
                          </Text>
                          <ActionIcon
                            variant="default"
                            aria-label={t`One more ${name}`}
                            // Not past the stock: the checkout would refuse it.
                            disabled={line.stock !== null && line.quantity >= line.stock}
                            onClick={() => setQuantity(line.key, line.quantity + 1)}
                          >
                            +
                          </ActionIcon>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() => setQuantity(line.key, 0)}
                          >
                            <Trans>Remove</Trans>
                          </Button>
                        </Group>
                        {line.problem === 'gone' && (
                          <Text c="red" size="sm">
                            {line.product.variant ? (
                              <Trans>This choice is no longer sold</Trans>
                            ) : (
                              <Trans>This product is no longer sold</Trans>
                            )}
                          </Text>
                        )}
                        {line.problem === 'choose' && (
                          <Text c="red" size="sm" role="alert">
                            <Trans>
                              This product now comes in several options:{' '}
                              <Anchor component={Link} to={productPath(line.product.slug)}>
                                choose yours
                              </Anchor>{' '}
                              and remove this line.
                            </Trans>
                          </Text>
                        )}
                        {line.stock !== null && line.stock < line.quantity && (
                          <Text c="red" size="sm" role="alert">
                            {line.stock <= 0 ? WORDS.outOfStock : t`Only ${left} left in stock`}
                          </Text>
                        )}
                      </Stack>
                      <Stack gap={0} align="flex-end">
                        <Text fw={700} data-testid="line-total">
                          {formatINR(line.price * line.quantity)}
                        </Text>
                        <LineSaving discount={lineDiscount(line)} />
                      </Stack>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder>
              <Stack>
                <Title order={3}>
                  <Trans>Cart Summary</Trans>
                </Title>
                <CouponField
                  code={couponCode}
                  applied={coupon ? coupon.applied : null}
                  refusal={couponRefusal}
                  keep={(code) => {
                    setRefused(null);
                    keepCoupon(code);
                  }}
                />
                {quote && <CartTotals quote={quote} />}
                {quoted.error && (
                  <Text c="red" size="sm" role="alert">
                    {errorMessage(quoted.error)}
                  </Text>
                )}
                <DeliveryCheck />
                {quote && !quote.deliverable && (
                  <Text c="red" size="sm" role="alert">
                    <Trans>Choose a PIN code we deliver to before paying.</Trans>
                  </Text>
                )}
                {auth ? (
                  <>
                    <DeliveryAddressPicker
                      addresses={delivery.addresses}
                      loading={delivery.query.loading}
                      chosen={delivery.chosen}
                      pick={delivery.pick}
                      accountAddress={auth.user.address}
                    />
                    <CheckoutForm
                      lines={lines}
                      total={quote?.deliverable ? quote.total : null}
                      deliveryPin={pin}
                      couponCode={coupon?.applied ? coupon.code : null}
                      onCouponRefused={(message) => {
                        if (couponCode) setRefused({ code: couponCode, message });
                        void quoted.refetch();
                      }}
                      address={auth.user.address}
                      addressId={delivery.chosen?.id ?? null}
                      disabled={blocked}
                    />
                  </>
                ) : (
                  <Button onClick={() => navigate(paths.login, { state: paths.cart })}>
                    <Trans>Please login to checkout</Trans>
                  </Button>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}
