import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { Types } from 'mongoose';
import { ProductReads, ProductRecord } from '../catalogue';
import { PublicUser, UsersService } from '../users';

/** Batches of lookups by id, one set per request so nothing leaks between viewers. */
export interface Loaders {
  product: DataLoader<string, ProductRecord | null>;
  user: DataLoader<string, PublicUser | null>;
}

function byId<T extends { _id: Types.ObjectId }>(
  load: (ids: Types.ObjectId[]) => T[] | Promise<T[]>,
): DataLoader<string, T | null> {
  return new DataLoader(async (keys: readonly string[]) => {
    const found = new Map(
      (await load(keys.map((key) => new Types.ObjectId(key)))).map((doc) => [String(doc._id), doc]),
    );
    return keys.map((key) => found.get(key) ?? null);
  });
}

@Injectable()
export class LoaderFactory {
  constructor(
    private readonly products: ProductReads,
    private readonly users: UsersService,
  ) {}

  create(): Loaders {
    return {
      product: byId((ids) => this.products.findByIds(ids)),
      user: byId((ids) => this.users.findByIds(ids)),
    };
  }
}
