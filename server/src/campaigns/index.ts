// What other modules may use of campaigns (the boundary lint holds them to this file).
export { CampaignsModule } from './campaigns.module';
export { HomeBanners } from './home-banners.service';
export type { HomeBanner, HomeBannerChange } from './home-banners';
