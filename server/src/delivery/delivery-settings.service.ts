import { Injectable } from '@nestjs/common';
import { PinDirectory } from '../places';
import { SettingsStore } from '../settings';
import {
  changedSettings,
  completeSettings,
  DELIVERY_DEFAULTS,
  DELIVERY_SECTION,
  DeliverySettings,
  DeliverySettingsChange,
} from './delivery-settings';

/**
 * The delivery section of the shop's settings: read from the store on every use (one lookup
 * by `_id`), so a change shows at once on every instance, in every check, quote and checkout.
 */
@Injectable()
export class DeliverySettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly pins: PinDirectory,
  ) {}

  async read(): Promise<DeliverySettings> {
    return completeSettings(await this.store.read(DELIVERY_SECTION, DELIVERY_DEFAULTS));
  }

  /** Applies `change` once every field it gives is checked; a refusal changes nothing. */
  async update(change: DeliverySettingsChange): Promise<DeliverySettings> {
    const next = changedSettings(await this.read(), change, this.pins);
    return this.store.write(DELIVERY_SECTION, next);
  }

  /** Whether the section was ever written (the demo seed writes it only on a new shop). */
  stored(): Promise<boolean> {
    return this.store.has(DELIVERY_SECTION);
  }
}
