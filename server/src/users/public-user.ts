import { Types } from 'mongoose';
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
    address: user.address,
    role: user.role,
    createdAt: user.createdAt,
  };
}
