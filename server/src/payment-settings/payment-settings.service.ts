import { Injectable } from '@nestjs/common';
import { PinDirectory } from '../places';
import { SettingsStore } from '../settings';
import {
  changedPayments,
  completePayments,
  PAYMENT_DEFAULTS,
  PAYMENT_SECTION,
  PaymentSettings,
  PaymentSettingsChange,
} from './payment-settings';

/**
 * The payments section of the shop's settings: read from the store on every use (one lookup
 * by `_id`), so a change shows at once on every instance, in every check and checkout.
 */
@Injectable()
export class PaymentSettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly pins: PinDirectory,
  ) {}

  async read(): Promise<PaymentSettings> {
    return completePayments(await this.store.read(PAYMENT_SECTION, PAYMENT_DEFAULTS));
  }

  /** Applies `change` once every field it gives is checked; a refusal changes nothing. */
  async update(change: PaymentSettingsChange): Promise<PaymentSettings> {
    const next = changedPayments(await this.read(), change, this.pins);
    return this.store.write(PAYMENT_SECTION, next);
  }
}
