import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { insertNew } from '../../common/natural-key';
import { Upgrade, upgradeDone } from './upgrade.schema';

/**
 * Runs each upgrade of stored data once per database: an upgrade reads whole collections,
 * so later starts only read its record, by `_id`.
 */
@Injectable()
export class Upgrades {
  constructor(@InjectModel(Upgrade.name) private readonly done: Model<Upgrade>) {}

  /**
   * Runs `upgrade` unless it is recorded as done, then records it. The record is written
   * only after the upgrade ends, so one stopped half way runs again at the next start:
   * every upgrade must be safe to run again, and on several instances at once.
   * Returns whether it ran.
   */
  async once(name: string, upgrade: () => Promise<unknown>): Promise<boolean> {
    if (await this.done.exists({ _id: name })) return false;
    await upgrade();
    await insertNew(this.done, [upgradeDone(name)]);
    return true;
  }
}
