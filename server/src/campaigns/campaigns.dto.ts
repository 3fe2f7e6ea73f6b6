import { applyDecorators } from '@nestjs/common';
import { Field, ID, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { SettingSwitch, SettingText } from '../common/setting-fields';
import { BANNER_LINK_KINDS, BANNER_RULES, BannerLinkKind } from '../shared/banner-rules';
import { BANNER_LINK_KIND } from './campaigns.types';

/*
 * The shapes of the home banners as the admin sends them, for REST's body and GraphQL's input
 * alike: only types here; every bound, and what is required, is home-banners.ts's, so both
 * APIs refuse alike, naming the field (`banners[1].link.category`).
 */

/** A text GraphQL requires; REST's missing one is refused by the service, naming its place. */
const BannerText = (field: string, example: string) =>
  applyDecorators(
    ApiProperty({ type: 'string', example }),
    Field(() => String),
    IsOptional(),
    IsString({ message: `${field} must be a text` }),
  );

@InputType('BannerLinkInput', { description: 'Give the field of the kind chosen' })
export class BannerLinkDto {
  @ApiProperty({ enum: BANNER_LINK_KINDS })
  @Field(() => BANNER_LINK_KIND)
  @IsIn(BANNER_LINK_KINDS, { message: `link.kind must be one of ${BANNER_LINK_KINDS.join(', ')}` })
  kind: BannerLinkKind;

  @SettingText('link.category', "CATEGORY: the category's slug", 'electronics')
  category?: string;

  @SettingText('link.search', 'SEARCH: the words searched', 'headphones') search?: string;

  @ApiPropertyOptional({ type: [String], maxItems: BANNER_RULES.products.max })
  @Field(() => [ID], { nullable: true, description: 'PRODUCTS: their ids, in the order shown' })
  @IsOptional()
  @IsArray({ message: 'link.productIds must be a list' })
  @IsString({ each: true, message: 'link.productIds must be a list of ids' })
  productIds?: string[];

  @SettingText('link.coupon', 'COUPON: the code, capitals and digits', 'FIRST100')
  coupon?: string;
}

@InputType('HomeBannerInput')
export class HomeBannerDto {
  @ApiPropertyOptional({ description: "The banner's id; left out for a new banner" })
  @Field(() => ID, { nullable: true, description: "The banner's id; left out for a new banner" })
  @IsOptional()
  @IsString({ message: 'id must be a text' })
  id?: string;

  @BannerText('title', 'Festive Sale') title: string;

  @SettingText('text', "Under the title; '' or left out for none", 'Up to 40% off electronics')
  text?: string;

  @BannerText('buttonLabel', 'Shop now') buttonLabel: string;
  @BannerText('background', '#7a1f1f') background: string;
  @BannerText('textColour', '#ffffff') textColour: string;

  @SettingSwitch('shown', 'Whether the storefront shows it; true when left out') shown?: boolean;

  @ApiProperty({ type: BannerLinkDto })
  @Field(() => BannerLinkDto)
  @IsOptional()
  @IsObject({ message: 'link must be an object' })
  @ValidateNested()
  @Type(() => BannerLinkDto)
  link: BannerLinkDto;
}

@InputType('HomeBannersInput', {
  description: 'Every banner, in order, in place of those there were',
})
export class HomeBannersDto {
  @ApiProperty({ type: [HomeBannerDto], maxItems: BANNER_RULES.maxBanners })
  @Field(() => [HomeBannerDto])
  @IsArray({ message: 'banners must be a list' })
  @IsObject({ each: true, message: 'Each banner must be an object' })
  @ValidateNested({ each: true })
  @Type(() => HomeBannerDto)
  banners: HomeBannerDto[];
}
