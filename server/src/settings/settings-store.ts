import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ChangeLog, ReadModelSync } from '../changes';
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
  /** Each stored section's value, by name; null until first read. */
  private sections: Map<string, unknown> | null = null;
  private loading: Promise<Map<string, unknown>> | null = null;
  private readonly followed = new ReadModelSync((section) => this.reread(section));

  constructor(
    @InjectModel(ShopSetting.name) private readonly settings: Model<ShopSetting>,
    private readonly changes: ChangeLog,
  ) {
    changes.subscribe('setting', {
      reload: () => this.reload(),
      changed: (section) => this.followed.changed(section),
    });
  }

  /**
   * The section as stored, over its defaults: a field added later reads as its default. A
   * copy, so a caller that changes what it was given changes nothing held.
   */
  async read<T extends object>(section: string, defaults: T): Promise<T> {
    const stored = (await this.loaded()).get(section) as Partial<T> | undefined;
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

  private loaded(): Promise<Map<string, unknown>> {
    if (this.sections) return Promise.resolve(this.sections);
    this.loading ??= this.readAll().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Not read yet: nothing to reload, the first read reads everything. */
  private async reload(): Promise<void> {
    if (this.sections) await this.readAll();
  }

  private async readAll(): Promise<Map<string, unknown>> {
    await this.followed.reload(async () => {
      const sections = new Map<string, unknown>();
      for (const stored of await this.settings.find().lean()) {
        sections.set(stored._id, stored.value);
      }
      this.sections = sections;
    });
    return this.sections!;
  }

  /** Re-reads one section by `_id`; nothing to do while nothing is held. */
  private async reread(section: string): Promise<void> {
    if (!this.sections) return;
    const stored = await this.settings.findById(section).lean();
    if (stored) this.sections.set(section, stored.value);
    else this.sections.delete(section);
  }
}
