import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProductImports, UnusedPhotos } from './catalogue';
import { Migrations } from './migrations';
import { OutboxWorker } from './notifications';
import { OrderRecoveryService } from './orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the shop does once every module has started (the read models loaded), in this
 * order: stored data migrated to the current shape, then product imports a stopped process
 * left half way finished or undone (before the shop serves, so no shopper sees half of one),
 * then order recovery, which reads it, and the outbox's worker, which sends what it owes,
 * the migration that can take minutes in the background, and photos no product shows
 * collected, then daily.
 */
@Injectable()
export class StartUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StartUp');
  private collecting: NodeJS.Timeout | undefined;
  private collection: Promise<void> | undefined;

  constructor(
    private readonly migrations: Migrations,
    private readonly recovery: OrderRecoveryService,
    private readonly unusedPhotos: UnusedPhotos,
    private readonly productImports: ProductImports,
    private readonly outbox: OutboxWorker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.migrations.runPending();
    this.migrations.runInBackground();
    await this.productImports.recover();
    this.recovery.start();
    this.outbox.start();
    this.collection = this.collectUnusedPhotos();
    this.collecting = setInterval(() => (this.collection = this.collectUnusedPhotos()), DAY_MS);
    this.collecting.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.collecting);
    await Promise.all([this.migrations.stop(), this.collection]);
  }

  private async collectUnusedPhotos(): Promise<void> {
    try {
      const collected = await this.unusedPhotos.collect();
      if (collected > 0) this.logger.log(`Collected ${collected} photos no product came to show`);
    } catch (error) {
      this.logger.error(`Collecting unused photos failed: ${String(error)}`);
    }
  }
}
