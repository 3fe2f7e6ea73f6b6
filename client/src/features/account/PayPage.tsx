import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** Where the demo payer page sends the payer back to: this page. */
const demoAppLink = (payerPageUrl: string, number: string) =>
  `${payerPageUrl}${payerPageUrl.includes('?') ? '&' : '?'}return=${encodeURIComponent(payOrderPath(number))}`;

/** The payment still open: the QR code and app button of a UPI link, the time left. */
function Waiting({ order }: { order: OrderDetailFieldsFragment }) {
  const { payment } = order;
  const [otherWay, setOtherWay] = useState(false);
  const amount = formatINR(order.total);
  return (
    <Stack>
      <Title order={1} size="h2" ta="center">
        <Trans>Waiting for your payment</Trans>
      </Title>
      <Text ta="center" fw={700} fz="xl" data-testid="amount-to-pay">
        <Trans>Amount to pay: {amount}</Trans>
      </Text>
      {payment.expiresAt && <PaymentCountdown expiresAt={payment.expiresAt} />}
      {payment.upiLink ? (
        <>
          <Text ta="center">
            <Trans>
              Scan the QR code with any UPI app, or open your UPI app on this phone, and approve the
              payment.
            </Trans>
          </Text>
          <UpiPayButton link={payment.upiLink} />
          <UpiQrCode link={payment.upiLink} amount={order.total} />
        </>
      ) : (
        <Text ta="center">
          <Trans>Your bank has not answered yet: this page moves on by itself once it does.</Trans>
        </Text>
      )}
      {payment.payerPageUrl && (
        <Card withBorder>
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                The demo shop has no real UPI: this page of the demo gateway stands in for your UPI
                app.
              </Trans>
            </Text>
            <Button
              component="a"
              href={demoAppLink(payment.payerPageUrl, order.number)}
              variant="outline"
            >
              <Trans>Open the demo UPI app</Trans>
            </Button>
          </Stack>
        </Card>
      )}
      <Text ta="center" size="sm" c="dimmed">
        <Trans>This page moves on by itself as soon as the payment is confirmed.</Trans>
      </Text>
      {otherWay ? (
        <PayAgainForm order={order} />
      ) : (
        <Group justify="center">
          <Button variant="subtle" onClick={() => setOtherWay(true)}>
            <Trans>Pay another way</Trans>
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
  const { t } = useLingui();
  const { number, query, order, notFound } = useOrderOfRoute();
  const navigate = useNavigate();
  const fromCheckout = Boolean(
    (useLocation().state as { fromCheckout?: boolean } | null)?.fromCheckout,
  );
  const { setItems } = useCart();
  const state = order?.payment.state;
  const { startPolling, stopPolling } = query;
  const amount = order ? formatINR(order.total) : '';
  /** Why to try again: the bank's reason, if it gave one, and that nothing was lost. */
  const failedWhy = (message: string | null) => {
    const why = t`Nothing was charged. Your items are still held for you until the time to pay runs out.`;
    return message ? `${message}. ${why}` : why;
  };

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
      <Page title={t`Order not found`}>
        <OrderNotFound number={number} />
      </Page>
    );
  }
  return (
    <Page title={t`Pay for order ${number}`}>
      <LoadStatus of={query} failure={t`This order could not be loaded. Please try again.`} />
      {order && (
        <Stack maw={480} mx="auto">
          {state === 'PENDING' && <Waiting order={order} />}
          {state === 'FAILED' &&
            (mayPayNow(order.payment) ? (
              <>
                <Title order={1} size="h2">
                  <Trans>Payment failed, try again</Trans>
                </Title>
                <Alert
                  color="red"
                  role="alert"
                  title={t`Payment failed, try again`}
                  data-testid="payment-failed"
                >
                  {failedWhy(order.payment.message)}
                </Alert>
                <Text fw={700} data-testid="amount-to-pay">
                  <Trans>Amount to pay: {amount}</Trans>
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
            <Trans>View the order</Trans>
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
        <Trans>The time to pay ran out</Trans>
      </Title>
      <Alert color="yellow" role="status" data-testid="payment-expired">
        <Trans>
          Nothing was charged, and the items went back on sale: order them again from your cart.
        </Trans>
      </Alert>
      <Group>
        <Button component={Link} to={paths.cart}>
          <Trans>Back to the cart</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
