import { Injectable } from '@nestjs/common';
import { Catalogue, ProductReads } from '../catalogue';
import type { ProductRecord } from '../catalogue';
import { SettingsStore } from '../settings';
import {
  BannerTargets,
  BANNERS_DEFAULTS,
  BANNERS_SECTION,
  checkedBanners,
  HomeBanner,
} from './home-banners';

/** A banner's own collection: the products it links to that still exist, in its order. */
export interface BannerCollection {
  banner: HomeBanner;
  products: ProductRecord[];
}

/**
 * The home page's banners, a section of the shop's settings: read from the store on every
 * use (one lookup by `_id`), so an edit shows at once on every instance.
 */
@Injectable()
export class HomeBanners {
  private readonly targets: BannerTargets;

  constructor(
    private readonly store: SettingsStore,
    catalogue: Catalogue,
    private readonly products: ProductReads,
  ) {
    this.targets = {
      categoryExists: (slug) => catalogue.categoryWithSlug(slug) !== undefined,
      productExists: (id) => catalogue.productById(id) !== undefined,
    };
  }

  /** Every banner, shown or not, in order (the admin's). */
  async all(): Promise<HomeBanner[]> {
    return (await this.store.read(BANNERS_SECTION, BANNERS_DEFAULTS)).banners;
  }

  /** The banners the storefront shows, in order. */
  async shown(): Promise<HomeBanner[]> {
    return (await this.all()).filter((banner) => banner.shown);
  }

  /** Keeps `banners` in place of the banners there were, once every field is checked. */
  async replace(banners: unknown): Promise<HomeBanner[]> {
    const next = checkedBanners(await this.all(), banners, this.targets);
    return (await this.store.write(BANNERS_SECTION, { banners: next })).banners;
  }

  /** Whether the banners were ever written (the demo seed writes them only on a new shop). */
  stored(): Promise<boolean> {
    return this.store.has(BANNERS_SECTION);
  }

  /** A shown banner linking to chosen products, with those products; null for any other. */
  async collection(id: string): Promise<BannerCollection | null> {
    const banner = (await this.shown()).find((one) => one.id === id);
    if (!banner || banner.link.kind !== 'PRODUCTS') return null;
    return { banner, products: this.products.findByIds(banner.link.productIds) };
  }
}
