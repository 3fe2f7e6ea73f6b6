import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import { PaymentCountdown } from '../../components/PaymentCountdown';
import { UpiPayButton } from '../../components/UpiPayButton';
import { UpiQrCode } from '../../components/UpiQrCode';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';
import { formatINR } from '../../lib/money';
import { isPlaced, mayPayNow } from '../../lib/payment-words';
import { orderConfirmedPath, paths, payOrderPath, userOrderPath } from '../../lib/routes';
import { useCart } from '../../session/cart';
import { OrderNotFound } from './OrderNotFound';
import { PayAgainForm } from './PayAgainForm';
import { useOrderOfRoute } from './use-order-of-route';

/** How often the page asks whether the payment has come in. */
export const PAYMENT_POLL_MS = 2_000;

/** What the page says, written once for the page and its tests. */
export const PAY_PAGE = {
  title: (number: string) => `Pay for order ${number}`,
  waiting: 'Waiting for your payment',
  amount: (total: number) => `Amount to pay: ${formatINR(total)}`,
  howTo:
    'Scan the QR code with any UPI app, or open your UPI app on this phone, and approve the payment.',
  movesOn: 'This page moves on by itself as soon as the payment is confirmed.',
  bank: 'Your bank has not answered yet: this page moves on by itself once it does.',
  demoApp: 'Open the demo UPI app',
  demoHint:
    'The demo shop has no real UPI: this page of the demo gateway stands in for your UPI app.',
  otherWay: 'Pay another way',
  failed: 'Payment failed, try again',
  failedWhy: (message: string | null) =>
    `${message ? `${message}. ` : ''}Nothing was charged. Your items are still held for you until the time to pay runs out.`,
  expired: 'The time to pay ran out',
  expiredWhy:
    'Nothing was charged, and the items went back on sale: order them again from your cart.',
  backToCart: 'Back to the cart',
  viewOrder: 'View the order',
} as const;

/** Where the demo payer page sends the payer back to: this page. */
const demoAppLink = (payerPageUrl: string, number: string) =>
  `${payerPageUrl}${payerPageUrl.includes('?') ? '&' : '?'}return=${encodeURIComponent(payOrderPath(number))}`;

/** The payment still open: the QR code and app button of a UPI link, the time left. */
function Waiting({ order }: { order: OrderDetailFieldsFragment }) {
  const { payment } = order;
  const [otherWay, setOtherWay] = useState(false);
  return (
    <Stack>
      <Title order={1} size="h2" ta="center">
        {PAY_PAGE.waiting}
      </Title>
      <Text ta="center" fw={700} fz="xl" data-testid="amount-to-pay">
        {PAY_PAGE.amount(order.total)}
      </Text>
      {payment.expiresAt && <PaymentCountdown expiresAt={payment.expiresAt} />}
      {payment.upiLink ? (
        <>
          <Text ta="center">{PAY_PAGE.howTo}</Text>
          <UpiPayButton link={payment.upiLink} />
          <UpiQrCode link={payment.upiLink} amount={order.total} />
        </>
      ) : (
        <Text ta="center">{PAY_PAGE.bank}</Text>
      )}
      {payment.payerPageUrl && (
        <Card withBorder>
          <Stack gap="xs">
            <Text size="sm">{PAY_PAGE.demoHint}</Text>
            <Button
              component="a"
              href={demoAppLink(payment.payerPageUrl, order.number)}
              variant="outline"
            >
              {PAY_PAGE.demoApp}
            </Button>
          </Stack>
        </Card>
      )}
      <Text ta="center" size="sm" c="dimmed">
        {PAY_PAGE.movesOn}
      </Text>
      {otherWay ? (
        <PayAgainForm order={order} />
      ) : (
        <Group justify="center">
          <Button variant="subtle" onClick={() => setOtherWay(true)}>
            {PAY_PAGE.otherWay}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Where an order placed and not yet paid waits for its payment (/pay/BZ-000123): the amount,
 * the QR code of its UPI link and, on a phone, the button opening the UPI app, the time left.
 * It asks the server every two seconds while the payment is pending and moves on by itself:
 * paid, to the confirmation; failed, to another try on the same order; expired, back to the
 * cart (the items went back on sale).
 */
export default function PayPage() {
  const { number, query, order, notFound } = useOrderOfRoute();
  const navigate = useNavigate();
  const fromCheckout = Boolean(
    (useLocation().state as { fromCheckout?: boolean } | null)?.fromCheckout,
  );
  const { setItems } = useCart();
  const state = order?.payment.state;
  const { startPolling, stopPolling } = query;

  useEffect(() => {
    if (state !== 'PENDING') return;
    startPolling(PAYMENT_POLL_MS);
    return () => stopPolling();
  }, [state, startPolling, stopPolling]);

  const placed = order !== null && isPlaced(order.payment);
  useEffect(() => {
    if (!placed) return;
    // The cart this order was placed from is bought now.
    if (fromCheckout) setItems([]);
    navigate(orderConfirmedPath(number), { replace: true });
  }, [placed, fromCheckout, setItems, navigate, number]);

  if (notFound) {
    return (
      <Page title="Order not found">
        <OrderNotFound number={number} />
      </Page>
    );
  }
  return (
    <Page title={PAY_PAGE.title(number)}>
      <LoadStatus of={query} failure="This order could not be loaded. Please try again." />
      {order && (
        <Stack maw={480} mx="auto">
          {state === 'PENDING' && <Waiting order={order} />}
          {state === 'FAILED' &&
            (mayPayNow(order.payment) ? (
              <>
                <Title order={1} size="h2">
                  {PAY_PAGE.failed}
                </Title>
                <Alert
                  color="red"
                  role="alert"
                  title={PAY_PAGE.failed}
                  data-testid="payment-failed"
                >
                  {PAY_PAGE.failedWhy(order.payment.message)}
                </Alert>
                <Text fw={700} data-testid="amount-to-pay">
                  {PAY_PAGE.amount(order.total)}
                </Text>
                {order.payment.expiresAt && (
                  <PaymentCountdown expiresAt={order.payment.expiresAt} />
                )}
                <PayAgainForm order={order} />
              </>
            ) : (
              <Expired />
            ))}
          {state === 'EXPIRED' && <Expired />}
          <Anchor component={Link} to={userOrderPath(order.number)} ta="center">
            {PAY_PAGE.viewOrder}
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}

/** The time to pay is over: nothing charged, the stock back on sale, the cart to order again. */
function Expired() {
  return (
    <Stack>
      <Title order={1} size="h2">
        {PAY_PAGE.expired}
      </Title>
      <Alert color="yellow" role="status" data-testid="payment-expired">
        {PAY_PAGE.expiredWhy}
      </Alert>
      <Group>
        <Button component={Link} to={paths.cart}>
          {PAY_PAGE.backToCart}
        </Button>
      </Group>
    </Stack>
  );
}
