import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicRound } from '../common/periodic-round';
import { APP_CONFIG, AppConfig } from '../config/config';
import { OrdersService } from './orders.service';

/**
 * Runs order recovery at once and periodically, one round at a time, from when StartUp
 * (start-up.ts) starts it: after stored data is migrated, since recovery reads it.
 */
@Injectable()
export class OrderRecoveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('OrderRecovery');
  private readonly rounds = new PeriodicRound(() => this.recover());

  constructor(
    private readonly orders: OrdersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.rounds.start(this.config.orderRecovery.everyMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One recovery round that begins after this call (queued behind a round still running). */
  runRound(): Promise<void> {
    return this.rounds.run();
  }

  private async recover(): Promise<void> {
    try {
      const cutoff = new Date(Date.now() - this.config.orderRecovery.settleAfterMs);
      const { paid, failed, followedUp, expired } = await this.orders.recover(cutoff);
      if (paid + failed + followedUp + expired > 0) {
        this.logger.log(
          `Recovered orders: ${paid} paid, ${failed} failed, ${expired} expired unpaid, ` +
            `${followedUp} with stock brought up to date`,
        );
      }
    } catch (error) {
      this.logger.error(`Order recovery failed: ${String(error)}`);
    }
  }
}
