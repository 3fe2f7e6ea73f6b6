import { PAYMENT_DEFAULTS, PAYMENT_SECTION, PaymentSettings } from '../payment-settings';
import { SettingsStore } from '../settings';

/** The delivery section's name in the shop's settings, as delivery keeps it. */
const DELIVERY_SECTION = 'delivery';

/** What the delivery section held of cash on delivery before it became a way to pay. */
interface CodOfDelivery {
  cashOnDelivery?: boolean;
  cashOnDeliveryUpTo?: number | null;
}

/**
 * Cash on delivery's switch and largest order moved from the delivery section to the payments
 * section (`methods.cashOnDelivery`, `codUpTo`), where its fee, PINs and limits are. The
 * payments section is written first and the old fields removed after, so a stop in between
 * runs it again to the same end; a shop that never set them has nothing to move. Written
 * through the store, which every instance follows.
 */
export async function codSettingsToPayments(settings: SettingsStore): Promise<void> {
  const { cashOnDelivery, cashOnDeliveryUpTo, ...delivery } = await settings.read<
    CodOfDelivery & Record<string, unknown>
  >(DELIVERY_SECTION, {});
  if (cashOnDelivery === undefined && cashOnDeliveryUpTo === undefined) return;
  const payments = await settings.read<Partial<PaymentSettings>>(PAYMENT_SECTION, {});
  await settings.write(PAYMENT_SECTION, {
    ...payments,
    methods: {
      ...PAYMENT_DEFAULTS.methods,
      ...payments.methods,
      ...(cashOnDelivery === undefined ? {} : { cashOnDelivery }),
    },
    ...(cashOnDeliveryUpTo === undefined ? {} : { codUpTo: cashOnDeliveryUpTo }),
  });
  await settings.write(DELIVERY_SECTION, delivery);
}
