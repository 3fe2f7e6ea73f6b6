import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Migrations } from './migrations';
import { OrderRecoveryService } from './orders';

/**
 * What the shop does once every module has started (the read models loaded), in this
 * order: stored data migrated to the current shape, then order recovery, which reads it,
 * and the migration that can take minutes in the background.
 */
@Injectable()
export class StartUp implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly migrations: Migrations,
    private readonly recovery: OrderRecoveryService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.migrations.runPending();
    this.migrations.runInBackground();
    this.recovery.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.migrations.stop();
  }
}
