import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ProductsService } from '../products/products.service';
import { OrdersService } from './orders.service';

/**
 * Upgrades stored products and orders at start, then runs order recovery at once and
 * periodically, one round at a time.
 */
@Injectable()
export class OrderRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrderRecovery');
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly orders: OrdersService,
    private readonly products: ProductsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.products.upgradeStored();
    await this.orders.upgradeStored();
    void this.runRound();
    this.timer = setInterval(() => void this.runRound(), this.config.orderRecovery.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
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
