import { Module } from '@nestjs/common';
import { CategoriesModule } from '../../categories/categories.module';
import { ProductsModule } from '../../products/products.module';
import { UsersModule } from '../../users/users.module';
import { SeedService } from './seed.service';

@Module({
  imports: [UsersModule, CategoriesModule, ProductsModule],
  providers: [SeedService],
  exports: [SeedService],
})
export class SeedModule {}
