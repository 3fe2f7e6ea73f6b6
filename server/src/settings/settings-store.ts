import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ShopSetting } from './shop-setting.schema';

/**
 * Where the shop's settings are kept: each section under its name. The section's owner (the
 * delivery module for charges and zones, orders for couriers) gives its defaults, checks what
 * is written and says what the fields mean; this store only keeps them. Read from the database
 * each time (one `_id` lookup), so every instance sees a change at once.
 */
@Injectable()
export class SettingsStore {
  constructor(@InjectModel(ShopSetting.name) private readonly settings: Model<ShopSetting>) {}

  /** The section as stored, over its defaults: a field added later reads as its default. */
  async read<T extends object>(section: string, defaults: T): Promise<T> {
    const stored = await this.settings.findById(section).lean();
    return stored ? { ...defaults, ...(stored.value as Partial<T>) } : defaults;
  }

  /** Whether the section was ever written (a seed fills in only what a shop lacks). */
  async has(section: string): Promise<boolean> {
    return (await this.settings.exists({ _id: section })) !== null;
  }

  /** Keeps the section whole, as given (already checked by its owner). */
  async write<T extends object>(section: string, value: T): Promise<T> {
    await this.settings.updateOne(
      { _id: section },
      { $set: { value, updatedAt: new Date() } },
      { upsert: true },
    );
    return value;
  }
}
