import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import {
  PhotoUpload,
  Product,
  ProductLocks,
  ProductPhoto,
  ProductPhotosService,
  SkuClaims,
} from '../catalogue';
import { DatabaseEngine } from '../database/database-engine';
import { ChangeLog } from '../changes';
import { insertNew } from '../common/natural-key';
import { BuyerOrders, Order, OrderNumbers } from '../orders';
import { DemoCharge } from '../payments';
import { User, UserEmail, UsersService } from '../users';
import { SettingsStore } from '../settings';
import { buyerOrderLists } from './buyer-order-lists';
import { codSettingsToPayments } from './cod-settings-to-payments';
import { MigrationRecord, migrationDone } from './migration-record.schema';
import { orderAmountsInPaise } from './order-amounts-in-paise';
import { orderShippingCharges } from './order-shipping-charges';
import { orderNumbers } from './order-numbers';
import { orderPaymentStates } from './order-payment-states';
import { paymentsKeyed } from './payments-keyed';
import { photosKeyedByProduct } from './photos-keyed-by-product';
import { photosResized } from './photos-resized';
import { productPhotoLists } from './product-photo-lists';
import { productPricesInPaise } from './product-prices-in-paise';
import { productVariants } from './product-variants';
import { userEmailClaims } from './user-email-claims';

/**
 * The migrations of stored data run at start, in this order, each once per database. Their
 * names are what the database records; a new one goes at the end.
 */
export const MIGRATIONS = [
  'product-prices-in-paise',
  'order-amounts-in-paise',
  'user-email-claims',
  'photos-keyed-by-product',
  'payments-keyed',
  'buyer-order-lists',
  'product-photo-lists',
  'product-variants',
  'order-shipping-charges',
  'order-numbers',
  'cod-settings-to-payments',
  'order-payment-states',
] as const;
export type MigrationName = (typeof MIGRATIONS)[number];

/** The one migration run in the background, after the others (see runInBackground). */
export const PHOTOS_RESIZED = 'photos-resized';
class StoppedHalfWay extends Error {}

/**
 * Every migration of stored data, and the one runner of them. A migration reads whole
 * collections, so each runs once per database, recorded by name; later starts only read
 * its record, by `_id`. The record is written only after the migration ends, so one stopped
 * half way runs again at the next start: every migration must be safe to run again, and on
 * several instances at once.
 */
@Injectable()
export class Migrations {
  private readonly logger = new Logger('Migrations');
  private background: Promise<void> | undefined;
  private stopping = false;

  constructor(
    @InjectModel(MigrationRecord.name) private readonly done: Model<MigrationRecord>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
    @InjectModel(ProductPhoto.name) private readonly productPhotos: Model<ProductPhoto>,
    @InjectModel(PhotoUpload.name) private readonly photoUploads: Model<PhotoUpload>,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(BuyerOrders.name) private readonly buyerOrders: Model<BuyerOrders>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(UserEmail.name) private readonly emails: Model<UserEmail>,
    @InjectModel(DemoCharge.name) private readonly demoCharges: Model<DemoCharge>,
    private readonly usersService: UsersService,
    private readonly photos: ProductPhotosService,
    private readonly productLocks: ProductLocks,
    private readonly changes: ChangeLog,
    private readonly skus: SkuClaims,
    private readonly engine: DatabaseEngine,
    private readonly numbers: OrderNumbers,
    private readonly settings: SettingsStore,
  ) {}

  /** Every migration not yet recorded as done, in order; returns those that ran. */
  async runPending(): Promise<MigrationName[]> {
    const steps: Record<MigrationName, () => Promise<unknown>> = {
      'product-prices-in-paise': () =>
        productPricesInPaise(this.products, this.productLocks, this.changes),
      'order-amounts-in-paise': () => orderAmountsInPaise(this.orders),
      'user-email-claims': () => userEmailClaims(this.users, this.emails, this.usersService),
      'photos-keyed-by-product': () => photosKeyedByProduct(this.productPhotos),
      'payments-keyed': () => paymentsKeyed(this.demoCharges),
      'buyer-order-lists': () => buyerOrderLists(this.orders, this.buyerOrders),
      'product-photo-lists': () =>
        productPhotoLists(
          this.products,
          this.photoUploads,
          this.productPhotos,
          this.productLocks,
          this.changes,
        ),
      'product-variants': () =>
        productVariants(this.products, this.skus, this.productLocks, this.engine, this.changes),
      'order-shipping-charges': () => orderShippingCharges(this.orders),
      'order-numbers': () => orderNumbers(this.orders, this.numbers, this.engine),
      'cod-settings-to-payments': () => codSettingsToPayments(this.settings),
      'order-payment-states': () => orderPaymentStates(this.orders),
    };
    const ran: MigrationName[] = [];
    for (const name of MIGRATIONS) {
      if (await this.once(name, steps[name])) ran.push(name);
    }
    if (ran.length > 0) this.logger.log(`Migrated stored data: ${ran.join(', ')}`);
    return ran;
  }

  /**
   * Gives photos stored before photos were resized their files, in the background: it
   * can take minutes, and the storefront shows such photos as uploaded meanwhile. Recorded
   * as done only once every photo has its files; a stop half way resumes at the next start.
   */
  runInBackground(): void {
    this.background ??= this.resizeStoredPhotos();
  }

  /** Stops the background migration at its next product and waits for it. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.background;
  }

  private async resizeStoredPhotos(): Promise<void> {
    try {
      await this.once(PHOTOS_RESIZED, async () => {
        const { added, finished } = await photosResized(
          this.products,
          this.photos,
          this.productLocks,
          this.changes,
          this.engine,
          () => this.stopping,
        );
        if (added > 0) this.logger.log(`Resized ${added} stored photos`);
        if (!finished) throw new StoppedHalfWay();
      });
    } catch (error) {
      if (!(error instanceof StoppedHalfWay)) {
        this.logger.error(`Resizing stored photos failed: ${String(error)}`);
      }
    }
  }

  /** Runs `migration` unless it is recorded as done, then records it; whether it ran. */
  private async once(name: string, migration: () => Promise<unknown>): Promise<boolean> {
    if (await this.done.exists({ _id: name })) return false;
    await migration();
    await insertNew(this.done, [migrationDone(name)]);
    return true;
  }
}
