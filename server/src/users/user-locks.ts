import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { KeyedMutex } from '../common/keyed-mutex';

/**
 * One lock per user for every write of a user document in this process: the embedded engine
 * applies an update by reading the document and writing it back whole, so a profile change
 * and an address book change at once would lose one of them (see KeyedMutex).
 */
@Injectable()
export class UserLocks {
  private readonly mutex = new KeyedMutex();

  run<T>(userId: Types.ObjectId, task: () => Promise<T>): Promise<T> {
    return this.mutex.run(String(userId), task);
  }
}
