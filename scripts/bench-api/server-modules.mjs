// Every module of the built server (server/dist) the load benchmark uses, and the server's own
// packages, required in this one place: when the server's sources move, only these paths change.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
export const { loadConfig } = require('./dist/config/config.js');
export const { startFerretDb } = require('./dist/database/embedded-database.js');
export const { ProductSchema } = require('./dist/products/product.schema.js');
export const { ProductPhotoSchema, photoOf } = require('./dist/products/product-photo.schema.js');
export const { PhotoFileSchema } = require('./dist/products/photo-file.schema.js');
export const { photoFileName, renderPhoto } = require('./dist/products/photo-variants.js');
export const { CategorySchema } = require('./dist/categories/category.schema.js');
export const { UserSchema } = require('./dist/users/user.schema.js');
export const { UserEmailSchema, emailClaim } = require('./dist/users/user-email.schema.js');
export const { OrderSchema, checkoutKeyOf, orderIdOf } = require('./dist/orders/order.schema.js');
export const { BuyerOrdersSchema } = require('./dist/orders/buyer-orders.schema.js');
export const { UpgradeSchema, upgradeDone } = require('./dist/database/upgrades/upgrade.schema.js');
export const {
  STORED_UPGRADES,
  PHOTOS_RESIZED,
} = require('./dist/orders/order-recovery.service.js');
export const mongoose = require('mongoose');
export const bcrypt = require('bcryptjs');
