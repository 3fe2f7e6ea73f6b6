import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ChangeLog, ReadOnFirstUse } from '../changes';
import { ShopSetting } from './shop-setting.schema';

/**
 * Where the shop's settings are kept: each section under its name. The section's owner (the
 * delivery module for charges and zones, orders for couriers) gives its defaults, checks what
 * is written and says what the fields mean; this store only keeps them.
 *
 * Held in this process once first read (a handful of small documents), and kept in step
 * through the change log as the catalogue is: a checkout reads five sections, which would
 * otherwise be five reads of the database each time. Every write goes through `write`, which
 * announces it, so the writer reads its own write at once and other instances within a poll.
 */
@Injectable()
export class SettingsStore {
  /** Each stored section's value, by name. */
  private readonly sections = new ReadOnFirstUse<Map<string, unknown>>(
    () => this.readAll(),
    (sections, section) => this.reread(sections, section),
  );

  constructor(
    @InjectModel(ShopSetting.name) private readonly settings: Model<ShopSetting>,
    private readonly changes: ChangeLog,
  ) {
    changes.subscribe('setting', this.sections.subscriber);
  }

  /**
   * The section as stored, over its defaults: a field added later reads as its default. A
   * copy, so a caller that changes what it was given changes nothing held.
   */
  async read<T extends object>(section: string, defaults: T): Promise<T> {
    const stored = (await this.sections.get()).get(section) as Partial<T> | undefined;
    return stored ? { ...defaults, ...structuredClone(stored) } : defaults;
  }

  /**
   * Whether the section was ever written (a seed fills in only what a shop lacks). Asked of
   * the database: a seed runs rarely, and may follow a section removed by hand.
   */
  async has(section: string): Promise<boolean> {
    return (await this.settings.exists({ _id: section })) !== null;
  }

  /** Keeps the section whole, as given (already checked by its owner). */
  async write<T extends object>(section: string, value: T): Promise<T> {
    await this.changes.recording('setting', section, () =>
      this.settings.updateOne(
        { _id: section },
        { $set: { value, updatedAt: new Date() } },
        { upsert: true },
      ),
    );
    return value;
  }

  private async readAll(): Promise<Map<string, unknown>> {
    const sections = new Map<string, unknown>();
    for (const stored of await this.settings.find().lean()) sections.set(stored._id, stored.value);
    return sections;
  }

  /** Re-reads one section by `_id`. */
  private async reread(sections: Map<string, unknown>, section: string): Promise<void> {
    const stored = await this.settings.findById(section).lean();
    if (stored) sections.set(section, stored.value);
    else sections.delete(section);
  }
}
