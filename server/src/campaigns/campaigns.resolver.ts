import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { FieldCost } from '../common/graphql/field-cost';
import { BANNER_RULES } from '../shared/banner-rules';
import { HomeBannersDto } from './campaigns.dto';
import { BannerCollectionType, HomeBannerType } from './campaigns.types';
import { HomeBanners } from './home-banners.service';

@Resolver()
export class CampaignsResolver {
  constructor(private readonly banners: HomeBanners) {}

  @Query(() => [HomeBannerType], { description: 'The banners the home page shows, in order' })
  @FieldCost({ maxItems: BANNER_RULES.maxBanners })
  homeBanners() {
    return this.banners.shown();
  }

  @Query(() => BannerCollectionType, {
    nullable: true,
    description: 'The products a shown banner links to; null for no such banner',
  })
  bannerCollection(@Args('id', { type: () => ID }) id: string) {
    return this.banners.collection(id);
  }

  @Query(() => [HomeBannerType], { description: 'Every banner, shown or not, in order' })
  @FieldCost({ maxItems: BANNER_RULES.maxBanners })
  @AdminOnly()
  allHomeBanners() {
    return this.banners.all();
  }

  @Mutation(() => [HomeBannerType], {
    description:
      'Keeps these banners, in this order, in place of those there were; a refusal names its field and changes nothing',
  })
  @FieldCost({ maxItems: BANNER_RULES.maxBanners })
  @AdminOnly()
  updateHomeBanners(@Args('input') input: HomeBannersDto) {
    return this.banners.replace(input.banners);
  }
}
