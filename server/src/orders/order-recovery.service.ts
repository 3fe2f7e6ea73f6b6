import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Upgrades } from '../database/upgrades/upgrades.service';
import { PAYMENT_PROVIDER, PaymentProvider } from '../payments/payment-provider';
import { ProductPhotosService } from '../products/product-photos.service';
import { ProductsService } from '../products/products.service';
import { UsersService } from '../users/users.service';
import { OrdersService } from './orders.service';

/** The upgrades of stored data run at start, in this order, each once per database. */
export const STORED_UPGRADES = [
  'product-prices-in-paise',
  'order-amounts-in-paise',
  'user-email-claims',
  'photos-keyed-by-product',
  'payments-keyed',
  'buyer-order-lists',
] as const;
type StoredUpgrade = (typeof STORED_UPGRADES)[number];

/** The one upgrade run in the background, after the others (see resizeStoredPhotos). */
export const PHOTOS_RESIZED = 'photos-resized';
class StoppedHalfWay extends Error {}

/**
 * Brings stored data up to the current shape at start (before recovery, which reads it),
 * then runs order recovery at once and periodically, one round at a time.
 */
@Injectable()
export class OrderRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderRecovery');
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private resizing: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly orders: OrdersService,
    private readonly products: ProductsService,
    private readonly photos: ProductPhotosService,
    private readonly users: UsersService,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly upgrades: Upgrades,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.upgradeStored();
    this.resizing = this.resizeStoredPhotos();
    void this.runRound();
    this.timer = setInterval(() => void this.runRound(), this.config.orderRecovery.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    await Promise.all([this.round, this.resizing]);
  }

  /**
   * Gives photos stored before photos were resized their files, in the background: it
   * can take minutes, and the storefront shows such photos as uploaded meanwhile. Recorded
   * as done only once every photo has its files; a stop half way resumes at the next start.
   */
  private async resizeStoredPhotos(): Promise<void> {
    try {
      await this.upgrades.once(PHOTOS_RESIZED, async () => {
        const { added, finished } = await this.products.addMissingPhotoFiles(() => this.stopping);
        if (added > 0) this.logger.log(`Resized ${added} stored photos`);
        if (!finished) throw new StoppedHalfWay();
      });
    } catch (error) {
      if (!(error instanceof StoppedHalfWay)) {
        this.logger.error(`Resizing stored photos failed: ${String(error)}`);
      }
    }
  }

  /** Every upgrade not yet recorded as done (see Upgrades); returns those that ran. */
  async upgradeStored(): Promise<StoredUpgrade[]> {
    const steps: Record<StoredUpgrade, () => Promise<unknown>> = {
      'product-prices-in-paise': () => this.products.upgradeStored(),
      'order-amounts-in-paise': () => this.orders.upgradeStored(),
      'user-email-claims': () => this.users.upgradeStored(),
      'photos-keyed-by-product': () => this.photos.upgradeStored(),
      'payments-keyed': async () => this.payments.upgradeStored?.(),
      'buyer-order-lists': () => this.orders.upgradeBuyerLists(),
    };
    const ran: StoredUpgrade[] = [];
    for (const name of STORED_UPGRADES) {
      if (await this.upgrades.once(name, steps[name])) ran.push(name);
    }
    if (ran.length > 0) this.logger.log(`Upgraded stored data: ${ran.join(', ')}`);
    return ran;
  }

  /** One recovery round; a round still running is joined rather than doubled. */
  runRound(): Promise<void> {
    this.round ??= this.recover().finally(() => (this.round = undefined));
    return this.round;
  }

  private async recover(): Promise<void> {
    try {
      const cutoff = new Date(Date.now() - this.config.orderRecovery.settleAfterMs);
      const { paid, failed, followedUp } = await this.orders.recover(cutoff);
      if (paid + failed + followedUp > 0) {
        this.logger.log(
          `Recovered orders: ${paid} paid, ${failed} failed, ${followedUp} with stock brought up to date`,
        );
      }
    } catch (error) {
      this.logger.error(`Order recovery failed: ${String(error)}`);
    }
  }
}
