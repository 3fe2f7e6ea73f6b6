// Every module of the built server (server/dist) the load benchmark uses, and the server's own
// packages, required in this one place: when the server's sources move, only these paths change.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
export const { loadConfig } = require('./dist/config/config.js');
export const { shopDay, startOfShopDay } = require('./dist/common/shop-days.js');
export const { startFerretDb } = require('./dist/database/embedded-database.js');
export const { ProductSchema } = require('./dist/catalogue/records/product.schema.js');
export const { SkuClaimSchema } = require('./dist/catalogue/records/sku-claim.schema.js');
export const {
  PhotoUploadSchema,
  uploadOf,
} = require('./dist/catalogue/photos/photo-upload.schema.js');
export const { PhotoFileSchema } = require('./dist/catalogue/photos/photo-file.schema.js');
export const { photoFileName, renderPhoto } = require('./dist/catalogue/photos/photo-variants.js');
export const { CategorySchema } = require('./dist/catalogue/records/category.schema.js');
export const { UserSchema } = require('./dist/users/user.schema.js');
export const { UserEmailSchema, emailClaim } = require('./dist/users/user-email.schema.js');
export const { OrderSchema, checkoutKeyOf, orderIdOf } = require('./dist/orders/order.schema.js');
export const { BuyerOrdersSchema } = require('./dist/orders/buyer-orders.schema.js');
export const {
  MigrationRecordSchema,
  migrationDone,
} = require('./dist/migrations/migration-record.schema.js');
export const { MIGRATIONS, PHOTOS_RESIZED } = require('./dist/migrations/migrations.service.js');
export const mongoose = require('mongoose');
export const bcrypt = require('bcryptjs');
