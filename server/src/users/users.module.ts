import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PlacesModule } from '../places';
import { AddressBook } from './addresses/address-book';
import { PasswordHasher } from './password-hasher';
import { UserDirectory } from './user-directory';
import { UserEmail, UserEmailSchema } from './user-email.schema';
import { User, UserSchema } from './user.schema';
import { UserLocks } from './user-locks';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: UserEmail.name, schema: UserEmailSchema },
    ]),
    PlacesModule,
  ],
  providers: [UsersService, PasswordHasher, UserDirectory, AddressBook, UserLocks],
  exports: [UsersService, PasswordHasher, UserDirectory, AddressBook],
})
export class UsersModule {}
