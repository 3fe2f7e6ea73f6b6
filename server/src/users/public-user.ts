import { Types } from 'mongoose';
import { addressOnOneLine } from '../shared/rules';
import { defaultAddressOf } from './addresses/address.schema';
import { User } from './user.schema';

/** A user as anyone but the server may see it: no password, no security answer. */
export interface PublicUser {
  _id: Types.ObjectId;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
  createdAt: Date;
}

export function toPublicUser(user: User & { _id: Types.ObjectId }): PublicUser {
  return {
    _id: user._id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: addressTextOf(user),
    role: user.role,
    createdAt: user.createdAt,
  };
}

/**
 * The single address text of the REST contract: the default of the address book on one line,
 * or, for a user without one, the text stored by registration or the profile.
 */
export function addressTextOf(user: Pick<User, 'address' | 'addresses'>): string {
  const chosen = defaultAddressOf(user.addresses);
  return chosen ? addressOnOneLine(chosen) : user.address;
}
