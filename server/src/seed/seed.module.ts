import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { UsersModule } from '../users';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CatalogueModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
