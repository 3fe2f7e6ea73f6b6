import { Model } from 'mongoose';
import { PAYMENT_DEFAULTS, PAYMENT_SECTION, PaymentSettings } from '../payment-settings';
import { ShopSetting } from '../settings';

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
 * runs it again to the same end; a shop that never set them has nothing to move.
 */
export async function codSettingsToPayments(settings: Model<ShopSetting>): Promise<void> {
  const delivery = await settings.findById(DELIVERY_SECTION).lean();
  const old = (delivery?.value ?? {}) as CodOfDelivery;
  if (old.cashOnDelivery === undefined && old.cashOnDeliveryUpTo === undefined) return;
  const stored = await settings.findById(PAYMENT_SECTION).lean();
  const payments = (stored?.value ?? {}) as Partial<PaymentSettings>;
  const value = {
    ...payments,
    methods: {
      ...PAYMENT_DEFAULTS.methods,
      ...payments.methods,
      ...(old.cashOnDelivery === undefined ? {} : { cashOnDelivery: old.cashOnDelivery }),
    },
    ...(old.cashOnDeliveryUpTo === undefined ? {} : { codUpTo: old.cashOnDeliveryUpTo }),
  };
  await settings.updateOne(
    { _id: PAYMENT_SECTION },
    { $set: { value, updatedAt: new Date() } },
    { upsert: true },
  );
  await settings.updateOne(
    { _id: DELIVERY_SECTION },
    { $unset: { 'value.cashOnDelivery': '', 'value.cashOnDeliveryUpTo': '' } },
  );
}
