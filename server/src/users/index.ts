// What other modules may use of users (the boundary lint holds them to this file).
export { UsersModule } from './users.module';
export { UsersService } from './users.service';
export { UserDirectory } from './user-directory';
export { PasswordHasher } from './password-hasher';
export { User, UserSchema } from './user.schema';
export { UserEmail, UserEmailSchema, emailClaim } from './user-email.schema';
export type { PublicUser } from './public-user';
export { UserType } from './user.types';
export { normaliseAnswer } from './password-hasher';
export { toPublicUser } from './public-user';
export { ADMIN_ROLE } from './user.schema';
export { tokenVersionOf } from './user.schema';
export type { NewUser, ProfileChanges } from './users.service';
export { normaliseEmail } from './user-email.schema';
export { LanguageEnum, UserPageType } from './user.types';
export { SHOPPER_ROLE } from './user.schema';
export { AddressBook } from './addresses/address-book';
export type { AddressChange } from './addresses/address-book';
export { AddressDto } from './addresses/address.dto';
export { AddressType, DeliveryAddressType } from './addresses/address.types';
export {
  PostalAddressFields,
  PostalAddressFieldsSchema,
  SavedAddress,
} from './addresses/address.schema';
