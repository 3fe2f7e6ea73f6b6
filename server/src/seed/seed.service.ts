import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  CategoriesService,
  ProductGallery,
  ProductReads,
  ProductVariants,
  ProductWrites,
} from '../catalogue';
import { toPaise } from '../common/money';
import { slugify } from '../common/text';
import { APP_CONFIG, AppConfig, SeededAccount } from '../config/config';
import { HomeBanners } from '../campaigns';
import { DeliverySettingsService } from '../delivery';
import { AutomaticOffers, Coupons } from '../offers';
import { PaymentSettingsService } from '../payment-settings';
import { Reviews } from '../reviews';
import { TaxSettingsService } from '../tax';
import { AddressBook, AddressChange, ADMIN_ROLE, SHOPPER_ROLE, UsersService } from '../users';
import { demoCategories, demoProducts, demoSku } from './demo-catalog';
import { DEMO_DELIVERY } from './demo-delivery';
import { DEMO_BANNERS } from './demo-banners';
import { demoCoupons, demoOffers } from './demo-offers';
import { DEMO_PAYMENTS } from './demo-payments';
import { DEMO_REVIEWS } from './demo-reviews';
import { DEMO_PRODUCT_TAX, DEMO_TAX } from './demo-tax';
import { demoPhotoRenderer } from './demo-photo-files';
import { DEMO_VIEWS } from './demo-photos';
import { DEMO_CATEGORY_HINDI, DEMO_PRODUCT_HINDI } from './demo-hindi';
import { renderProductImage } from './product-image';

/** What the seed gives an account besides the configuration's e-mail, password and answer. */
interface Seeded {
  name: string;
  role: number;
  address: string;
  addresses: AddressChange[];
}

/**
 * The demo shopper's address book: home (the default, where the account's address was) and
 * her parents' home in another state, so the checkout has a choice to show.
 */
const DEMO_SHOPPER_ADDRESSES: AddressChange[] = [
  {
    name: 'Priya Sharma',
    mobile: '+91 98765 43210',
    line1: '42 Marine Drive',
    city: 'Mumbai',
    stateCode: '27',
    pin: '400020',
  },
  {
    name: 'Anil Sharma',
    mobile: '098450 12345',
    line1: '7 Residency Road',
    line2: 'Shanthala Nagar',
    landmark: 'Near Richmond Circle',
    city: 'Bengaluru',
    stateCode: '29',
    pin: '560025',
  },
];

/**
 * The administrator of the configuration and, with SEED_DEMO, the demo shopper and a
 * catalogue with photos. Adds only what is missing, so running it again changes nothing.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly categories: CategoriesService,
    private readonly productReads: ProductReads,
    private readonly productWrites: ProductWrites,
    private readonly productVariants: ProductVariants,
    private readonly productGallery: ProductGallery,
    private readonly delivery: DeliverySettingsService,
    private readonly payments: PaymentSettingsService,
    private readonly taxes: TaxSettingsService,
    private readonly addressBook: AddressBook,
    private readonly banners: HomeBanners,
    private readonly coupons: Coupons,
    private readonly offers: AutomaticOffers,
    private readonly reviews: Reviews,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedOnEmpty) return;
    if ((await this.users.count()) > 0 || (await this.productReads.anyStored())) return;
    this.logger.log(
      this.config.seedDemo
        ? 'Empty database: adding the administrator and demo data'
        : 'Empty database: adding the administrator',
    );
    await this.seed();
  }

  async seed(): Promise<{ users: number; categories: number; products: number }> {
    const added = { users: 0, categories: 0, products: 0 };
    const accounts: Array<SeededAccount & Seeded> = [
      {
        ...this.config.admin,
        name: 'Shop Admin',
        role: ADMIN_ROLE,
        address: '1 Brigade Road, Bengaluru 560001',
        addresses: [],
      },
    ];
    if (this.config.seedDemo) {
      accounts.push({
        ...this.config.shopper,
        name: 'Priya Sharma',
        role: SHOPPER_ROLE,
        address: '42 Marine Drive, Mumbai 400020',
        addresses: DEMO_SHOPPER_ADDRESSES,
      });
    }
    for (const { addresses, ...account } of accounts) {
      if (await this.users.findWithSecrets(account.email)) continue;
      const user = await this.users.create({ ...account, phone: '+91 98765 43210' });
      for (const address of addresses) await this.addressBook.add(user._id, address);
      added.users += 1;
    }
    if (!this.config.seedDemo) return added;
    // A shop whose admin set delivery up keeps what they set.
    if (!(await this.delivery.stored())) await this.delivery.update(DEMO_DELIVERY);
    // A shop with no UPI ID to pay yet gets the demo's; one its admin set keeps it.
    if ((await this.payments.read()).upiVpa === '') await this.payments.update(DEMO_PAYMENTS);
    // A shop not registered for GST, nor given a GSTIN, gets the demo's registration.
    const tax = await this.taxes.read();
    if (!tax.registered && tax.gstin === '') await this.taxes.update(DEMO_TAX);

    const categoryIds = new Map<string, string>();
    for (const name of demoCategories) {
      let category = await this.categories.findBySlug(slugify(name));
      if (!category) {
        category = await this.categories.create({ name, nameHi: DEMO_CATEGORY_HINDI[name] });
        added.categories += 1;
      }
      categoryIds.set(name, String(category._id));
    }

    // Oldest first, so the storefront's newest-first list opens with the catalogue's top.
    const photoRenderer = demoPhotoRenderer(this.config.dataDir);
    for (const product of demoProducts) {
      if (await this.productReads.findBySlug(slugify(product.name))) continue;
      // The icon is for the picture only; the MRP, options and variants are the variants'.
      const { icon: _icon, mrp, options, variants, sku, ...fields } = product;
      const views = DEMO_VIEWS[product.name] ?? [];
      const photos = [product, ...views.map(({ icon }) => ({ ...product, icon }))];
      const created = await this.productWrites.create(
        {
          ...fields,
          ...DEMO_PRODUCT_HINDI[product.name],
          ...DEMO_PRODUCT_TAX[product.category],
          price: toPaise(product.price),
          category: categoryIds.get(product.category)!,
        },
        await Promise.all(photos.map((subject) => renderProductImage(subject))),
        photoRenderer,
      );
      for (const [index, { alt }] of views.entries()) {
        const { hash } = created.photos[index + 1];
        await this.productGallery.describe(String(created._id), hash, alt);
      }
      if (options && variants) {
        // New variants in place of the one the product was created with.
        await this.productVariants.set(
          String(created._id),
          options,
          variants.map((variant) => ({
            sku: demoSku(sku ?? slugify(product.name), variant.values),
            values: variant.values,
            price: toPaise(variant.price),
            mrp: variant.mrp === undefined ? null : toPaise(variant.mrp),
            quantity: variant.quantity,
          })),
        );
      } else if (mrp !== undefined) {
        // The MRP is the variant's: the product's one variant, as created, gets it.
        const [variant] = created.variants;
        await this.productVariants.set(
          String(created._id),
          [],
          [{ ...variant, id: String(variant._id), mrp: toPaise(mrp) }],
        );
      }
      added.products += 1;
    }
    // After the categories the banners lead to; a shop whose admin set banners keeps them.
    if (!(await this.banners.stored())) await this.banners.replace(DEMO_BANNERS);

    // A shop whose admin made coupons or set offers (even none) keeps what they made.
    if ((await this.coupons.list()).length === 0) {
      for (const coupon of demoCoupons(categoryIds)) await this.coupons.create(coupon);
    }
    if (!(await this.offers.stored())) await this.offers.replace(demoOffers(categoryIds));

    // A product with reviews of its own keeps them; the others get the demo's.
    for (const [name, reviews] of Object.entries(DEMO_REVIEWS)) {
      const product = await this.productReads.findBySlug(slugify(name));
      if (product) await this.reviews.seedDemo(String(product._id), reviews);
    }
    return added;
  }
}

/**
 * The seeded accounts as the console shows them outside production, security answers
 * included, so the demo can be tried at once. Production shows none of it.
 */
export function seededAccountLines(config: AppConfig): string[] {
  if (config.production) return [];
  const line = (label: string, { email, password, answer }: SeededAccount) =>
    `${label} ${email} / ${password} (security answer: ${answer})`;
  return [
    line('Admin:  ', config.admin),
    ...(config.seedDemo ? [line('Shopper:', config.shopper)] : []),
  ];
}
