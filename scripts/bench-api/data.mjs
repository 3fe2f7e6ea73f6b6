// The load benchmark's data: the catalogue, users, orders and photos it writes into a fresh
// embedded database before the server starts, and the names the workloads ask for them by.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, log } from './common.mjs';
import {
  BuyerOrdersSchema,
  CategorySchema,
  OrderSchema,
  SkuClaimSchema,
  PHOTOS_RESIZED,
  PhotoFileSchema,
  PhotoUploadSchema,
  ProductSchema,
  MIGRATIONS,
  MigrationRecordSchema,
  UserEmailSchema,
  UserSchema,
  bcrypt,
  checkoutKeyOf,
  emailClaim,
  mongoose,
  orderIdOf,
  photoFileName,
  uploadOf,
  renderPhoto,
  shopDay,
  startOfShopDay,
  startFerretDb,
  migrationDone,
} from './server-modules.mjs';

export const CATEGORIES = 7;
export const SHOPPERS = 20; // accounts the login, my-orders and checkout workloads sign in as
// ...spread over the users collection: the engine stops a scan at the first match, so accounts
// at its start would be found faster than the average one.
export const shopper = (k, users) => k * Math.floor(users / SHOPPERS);
export const shopperEmail = (i) => `shopper${i}@bench.local`;
export const SHOPPER_PASSWORD = 'bench-shopper-123';
export const WORDS = [
  'kettle',
  'saree',
  'lamp',
  'cricket',
  'tea',
  'masala',
  'mug',
  'kurta',
  'brass',
  'phone',
];
// A product's name is "<brand> <word> <number>", so a search has two words to combine.
// Neither holds one of WORDS, so REST's literal search of a word finds what it did before.
export const BRANDS = ['Samsung', 'Prestige', 'Bajaj', 'Havells', 'Philips', 'Usha', 'Boat'];
export const brandOf = (i) => BRANDS[i % BRANDS.length];
export const wordOf = (i) => WORDS[i % WORDS.length];

// A small real PNG (1x1), the same bytes for every product: photos are small on purpose.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PHOTO_HASH = createHash('sha256').update(PHOTO).digest('hex');
/**
 * The "photo file" workloads ask for one resized file of each product's own photo, each a
 * document of its own named by a hash of its own, as uploads leave them: a file asked for
 * the first time is read from the database, not from the server's cache of hot files.
 * The bytes are one real small WebP for all, so generating 100,000 takes seconds.
 */
export const photoFileOf = (i) =>
  photoFileName(createHash('sha256').update(`bench-photo-${i}`).digest('hex'), 320, 'webp');

const SIZES = ['S', 'M', 'L', 'XL'];
const COLOURS = ['Indigo', 'White'];

/**
 * The options and variants of bench product `i`, 3 variants a product on average: a third sold
 * one way, a third in 3 sizes, a third in 5 of the 8 size and colour pairs, the larger dearer.
 */
function variantsOf(i, baseSku, price) {
  const variant = (values, extra = 0) => ({
    _id: new mongoose.Types.ObjectId(),
    sku: [baseSku, ...values].join('-').toUpperCase(),
    values,
    price: price + extra,
    mrp: i % 4 === 0 ? price + extra + 50_000 : null,
    quantity: 1_000_000,
    onSale: true,
    photoHash: null,
  });
  switch (i % 3) {
    case 0:
      return { options: [], variants: [variant([])] };
    case 1:
      return {
        options: [{ name: 'Size', values: SIZES.slice(0, 3) }],
        variants: SIZES.slice(0, 3).map((size, at) => variant([size], at * 5_000)),
      };
    default: {
      const pairs = SIZES.flatMap((size) => COLOURS.map((colour) => [size, colour])).slice(0, 5);
      return {
        options: [
          { name: 'Size', values: SIZES },
          { name: 'Colour', values: COLOURS },
        ],
        variants: pairs.map((pair, at) => variant(pair, at * 2_500)),
      };
    }
  }
}

async function inBatches(model, count, make, size = 1000) {
  for (let i = 0; i < count; i += size) {
    const docs = [];
    for (let j = i; j < Math.min(count, i + size); j++) docs.push(make(j));
    await model.insertMany(docs, { ordered: false });
  }
}

/**
 * Writes the catalogue, users and orders into DATA_DIR's embedded database, then stops it.
 * Documents are keyed as the server keys them, through its own functions: e-mail claims,
 * photos by product, orders by checkout key and each buyer's list of orders; and every
 * upgrade at start is recorded as done, as a first start on an empty database leaves it.
 * `sizes` holds how many products, users and orders to write.
 */
export async function generate(config, sizes) {
  const plan = join(dataDir, `generated-${sizes.products}-${sizes.users}-${sizes.orders}.json`);
  if (existsSync(plan)) {
    log(`using the database kept in ${dataDir}`);
    return JSON.parse(readFileSync(plan, 'utf8'), (key, value) =>
      key === '_id' || key === 'variant' || key === 'category'
        ? new mongoose.Types.ObjectId(value)
        : value,
    );
  }
  const written = await write(config, sizes);
  if (process.env.BENCH_API_DATA) writeFileSync(plan, JSON.stringify(written));
  return written;
}

async function write(config, sizes) {
  const { products: PRODUCTS, users: USERS, orders: ORDERS } = sizes;
  const started = performance.now();
  const engine = await startFerretDb(config.ferretdbBin, join(dataDir, 'ferretdb'));
  const connection = await mongoose
    .createConnection(`${engine.serverUri.replace(/\/?$/, '/')}shop`, { autoIndex: false })
    .asPromise();
  const Category = connection.model('Category', CategorySchema);
  const Product = connection.model('Product', ProductSchema);
  const SkuClaim = connection.model('SkuClaim', SkuClaimSchema);
  const PhotoUpload = connection.model('PhotoUpload', PhotoUploadSchema);
  const User = connection.model('User', UserSchema);
  const UserEmail = connection.model('UserEmail', UserEmailSchema);
  const Order = connection.model('Order', OrderSchema);
  const BuyerOrders = connection.model('BuyerOrders', BuyerOrdersSchema);
  const MigrationRecord = connection.model('MigrationRecord', MigrationRecordSchema);
  await MigrationRecord.insertMany(
    [...MIGRATIONS, PHOTOS_RESIZED].map((name) => migrationDone(name)),
  );
  const PhotoFile = connection.model('PhotoFile', PhotoFileSchema);
  const rendered = await renderPhoto(PHOTO_HASH, PHOTO);
  await PhotoFile.insertMany(
    rendered.files.map(({ name, data, contentType }) => ({ _id: name, data, contentType })),
  );
  const webp = rendered.files.find((file) => file.contentType === 'image/webp');

  const categories = Array.from({ length: CATEGORIES }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    name: `Category ${i}`,
    slug: `category-${i}`,
  }));
  await Category.insertMany(categories);

  const products = [];
  const skus = [];
  await inBatches(Product, PRODUCTS, (i) => {
    const word = wordOf(i);
    const _id = new mongoose.Types.ObjectId();
    const slug = `${word}-${i}`;
    // Whole paise, as stored: ₹100 to ₹4,999.
    const price = (100 + ((i * 37) % 4900)) * 100;
    const { options, variants } = variantsOf(i, slug.toUpperCase(), price);
    for (const variant of variants) skus.push({ _id: variant.sku, product: _id });
    const product = {
      _id,
      name: `${brandOf(i)} ${word[0].toUpperCase()}${word.slice(1)} ${i}`,
      slug,
      description: `A ${word} made by hand, number ${i} of the bench catalogue, in plain words.`,
      price: variants[0].price,
      category: categories[i % CATEGORIES]._id,
      quantity: variants.reduce((sum, variant) => sum + variant.quantity, 0),
      options,
      variants,
      shipping: i % 2 === 0,
      photos: [{ hash: PHOTO_HASH, layout: rendered.layout, alt: '' }],
    };
    products.push({
      _id,
      slug,
      category: product.category,
      name: product.name,
      price: product.price,
      variant: variants[0]._id,
      sku: variants[0].sku,
    });
    return product;
  });
  const claimedAt = new Date();
  await inBatches(SkuClaim, skus.length, (i) => ({ ...skus[i], claimedAt }));
  // Every product shows the same photo, so one upload, kept by its content, serves them all.
  await PhotoUpload.insertMany([uploadOf(PHOTO, 'image/png')]);
  await inBatches(PhotoFile, PRODUCTS, (i) => ({
    _id: photoFileOf(i),
    data: webp.data,
    contentType: webp.contentType,
  }));

  // One bcrypt hash for every account: hashing 100,000 passwords would take minutes.
  const password = bcrypt.hashSync(SHOPPER_PASSWORD, config.passwordHashRounds);
  const answer = bcrypt.hashSync('bench', config.passwordHashRounds);
  const users = Array.from({ length: USERS }, () => new mongoose.Types.ObjectId());
  // Claimed before the users are written, as registration does.
  await inBatches(UserEmail, USERS, (i) => emailClaim(shopperEmail(i), users[i]));
  await inBatches(User, USERS, (i) => ({
    _id: users[i],
    name: `Shopper ${i}`,
    email: shopperEmail(i),
    password,
    answer,
    phone: '9800000000',
    address: `${i} MG Road, Bengaluru`,
    role: 0,
  }));

  // The administrator the "GraphQL shop stats" workload signs in as (ADMIN_EMAIL, ADMIN_PASSWORD).
  const admin = new mongoose.Types.ObjectId();
  await UserEmail.insertMany([emailClaim(config.admin.email, admin)]);
  await User.insertMany([
    {
      _id: admin,
      name: 'Bench Admin',
      email: config.admin.email,
      password: bcrypt.hashSync(config.admin.password, config.passwordHashRounds),
      answer,
      phone: '9800000000',
      address: '1 MG Road, Bengaluru',
      role: 1,
    },
  ]);

  // The accounts the workloads use get ten orders each; the rest spread over everyone.
  const buyerOf = (i) =>
    i < SHOPPERS * 10 ? users[shopper(i % SHOPPERS, USERS)] : users[i % USERS];
  const checkoutKey = (i) => checkoutKeyOf(buyerOf(i), `bench-${i}`);
  // Each buyer's list names their orders before the orders are written, as checkout does.
  const lists = new Map();
  for (let i = 0; i < ORDERS; i++) {
    const buyer = buyerOf(i);
    const list = lists.get(String(buyer)) ?? { _id: buyer, orders: [] };
    list.orders.push(orderIdOf(checkoutKey(i)));
    lists.set(String(buyer), list);
  }
  const buyerLists = [...lists.values()];
  await inBatches(BuyerOrders, buyerLists.length, (i) => buyerLists[i]);
  // Spread over the last 90 days, one to three units, in every status, with some declined and
  // some cancelled (refunded): the dashboard's figures (GraphQL shop stats) count real days.
  const DAY_MS = 86_400_000;
  const generatedAt = Date.now();
  const todayStarted = startOfShopDay(shopDay(generatedAt));
  const sinceMidnight = Math.max(1, generatedAt - todayStarted);
  const STATUSES = [
    'Not Processed',
    'Processing',
    'Shipped',
    'Delivered',
    'Delivered',
    'Cancelled',
  ];
  await inBatches(Order, ORDERS, (i) => {
    const buyer = buyerOf(i);
    const product = products[i % PRODUCTS];
    const quantity = 1 + (i % 3);
    const declined = i % 25 === 0;
    // Not i % 6: every order of one day (i % 90) would have the same status.
    const status = declined ? 'Not Processed' : STATUSES[Math.floor(i / 90) % STATUSES.length];
    // Some minute of the shop's day (i % 90 days ago), from just after midnight to just before
    // the next; today's between the shop's midnight and now. Counted from the day's start, not
    // back from now: run just after midnight, orders counted back from now would leave
    // yesterday nearly empty.
    const minute = ((i * 7919) % 1440) * 60_000;
    const daysAgo = i % 90;
    const createdAt = new Date(
      todayStarted - daysAgo * DAY_MS + (daysAgo === 0 ? minute % sinceMidnight : minute),
    );
    return {
      _id: orderIdOf(checkoutKey(i)),
      lines: [
        {
          product: product._id,
          variant: product.variant,
          name: product.name,
          sku: product.sku,
          price: product.price,
          quantity,
        },
      ],
      buyer,
      payment: declined
        ? { success: false, provider: 'bench', reference: null, message: 'Declined' }
        : {
            success: true,
            provider: 'bench',
            reference: `ref-${i}`,
            message: null,
            refunded: status === 'Cancelled',
          },
      total: product.price * quantity,
      address: `${i} MG Road, Bengaluru`,
      status,
      number: i + 1,
      checkoutKey: checkoutKey(i),
      settled: true,
      followUpPending: false,
      createdAt,
      updatedAt: createdAt,
    };
  });
  // Each order's number claimed, and the counter at the last, as checkouts leave them
  // (docs/decisions/023-order-numbers.md).
  await inBatches(connection.collection('order_numbers'), ORDERS, (i) => ({
    _id: String(i + 1),
    order: orderIdOf(checkoutKey(i)),
    claimedAt: new Date(generatedAt),
  }));
  await connection.collection('counters').insertOne({ _id: 'order-number', seq: ORDERS });

  await connection.close();
  await engine.stop();
  log(
    `generated ${PRODUCTS} products, ${USERS} users, ${ORDERS} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { categories, products };
}
