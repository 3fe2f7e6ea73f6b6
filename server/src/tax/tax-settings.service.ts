import { Injectable } from '@nestjs/common';
import { SettingsStore } from '../settings';
import { checkedTaxClasses, TAX_CLASS_DEFAULTS, TAX_CLASSES_SECTION } from './tax-classes';
import type { TaxClasses } from './tax-classes';
import { changedTaxSettings, TAX_DEFAULTS, TAX_SECTION } from './tax-settings';
import type { TaxSettings, TaxSettingsChange } from './tax-settings';

/**
 * The shop's GST settings and its tax classes, two sections of the shop's settings read on every
 * use (a lookup by `_id` each), so a change shows at once on every instance.
 */
@Injectable()
export class TaxSettingsService {
  constructor(private readonly store: SettingsStore) {}

  read(): Promise<TaxSettings> {
    return this.store.read(TAX_SECTION, TAX_DEFAULTS);
  }

  classes(): Promise<TaxClasses> {
    return this.store.read(TAX_CLASSES_SECTION, TAX_CLASS_DEFAULTS);
  }

  /** Applies `change` once every field it gives is checked; a refusal changes nothing. */
  async update(change: TaxSettingsChange): Promise<TaxSettings> {
    const [current, classes] = await Promise.all([this.read(), this.classes()]);
    return this.store.write(TAX_SECTION, changedTaxSettings(current, change, classes));
  }

  /**
   * Replaces the classes (band limits in rupees); the default class must stay. Products naming
   * a class removed are taxed by the default class.
   */
  async updateClasses(classes: unknown): Promise<TaxClasses> {
    const next = checkedTaxClasses(classes);
    const settings = await this.read();
    changedTaxSettings(settings, {}, next);
    return this.store.write(TAX_CLASSES_SECTION, next);
  }
}
