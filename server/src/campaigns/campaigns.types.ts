import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ProductType } from '../catalogue';
import { FieldCost } from '../common/graphql/field-cost';
import { BANNER_LINK_KINDS, BANNER_RULES, BannerLinkKind } from '../shared/banner-rules';

/** The kinds of a banner's link by name, as GraphQL's enum needs them. */
export const BANNER_LINK_KIND = Object.fromEntries(
  BANNER_LINK_KINDS.map((kind) => [kind, kind]),
) as { [Kind in BannerLinkKind]: Kind };

registerEnumType(BANNER_LINK_KIND, {
  name: 'BannerLinkKind',
  description: "Where a banner's button leads",
  valuesMap: {
    CATEGORY: { description: "A category's page, by its slug" },
    SEARCH: { description: 'The search page, for search words' },
    PRODUCTS: { description: "The banner's own page of products chosen (bannerCollection)" },
    COUPON: { description: 'The cart, with a coupon code to apply (/cart?coupon=CODE)' },
  },
});

@ObjectType('BannerLink', { description: 'The field of its kind is set, the others empty' })
export class BannerLinkType {
  @Field(() => BANNER_LINK_KIND) kind: BannerLinkKind;
  @Field(() => String, { nullable: true, description: "A category's slug" })
  category: string | null;
  @Field(() => String, { nullable: true }) search: string | null;
  @Field(() => [ID], { description: 'Products chosen, in the order shown' })
  productIds: string[];
  @Field(() => String, { nullable: true }) coupon: string | null;
}

@ObjectType('HomeBanner', { description: 'A banner of the home page' })
export class HomeBannerType {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field({ description: "Under the title; '' for none" }) text: string;
  @Field() buttonLabel: string;
  @Field({ description: '#rrggbb' }) background: string;
  @Field({ description: '#rrggbb, contrasting with the background at least 4.5:1' })
  textColour: string;
  @Field({ description: 'Whether the storefront shows it' }) shown: boolean;
  @Field(() => BannerLinkType) link: BannerLinkType;
}

@ObjectType('BannerCollection', { description: "A banner's own page of products chosen" })
export class BannerCollectionType {
  @Field(() => HomeBannerType) banner: HomeBannerType;
  @Field(() => [ProductType], { description: 'Those that still exist, in the order chosen' })
  @FieldCost({ maxItems: BANNER_RULES.products.max })
  products: unknown[];
}
