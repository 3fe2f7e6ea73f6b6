import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { SettingsModule } from '../settings';
import { CampaignsResolver } from './campaigns.resolver';
import { HomeBanners } from './home-banners.service';
import { HomeBannersController } from './rest-v1/home-banners.controller';

/** What the storefront promotes: the home page's banners and where they lead. */
@Module({
  imports: [CatalogueModule, SettingsModule],
  providers: [HomeBanners, CampaignsResolver],
  controllers: [HomeBannersController],
  exports: [HomeBanners],
})
export class CampaignsModule {}
