import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { DeliveryModule } from '../delivery';
import { UsersModule } from '../users';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CatalogueModule, DeliveryModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
