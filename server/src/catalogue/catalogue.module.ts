import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Category, CategorySchema } from '../categories/category.schema';
import { Product, ProductSchema } from '../products/product.schema';
import { Catalogue } from './catalogue';
import { CatalogueAnswerInterceptor } from './catalogue-answer.interceptor';
import { CatalogueAnswers } from './catalogue-answers';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Product.name, schema: ProductSchema },
      { name: Category.name, schema: CategorySchema },
    ]),
  ],
  providers: [Catalogue, CatalogueAnswers, CatalogueAnswerInterceptor],
  exports: [Catalogue, CatalogueAnswers, CatalogueAnswerInterceptor],
})
export class CatalogueModule {}
