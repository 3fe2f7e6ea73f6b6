import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordHasher } from './password-hasher';
import { UserDirectory } from './user-directory';
import { UserEmail, UserEmailSchema } from './user-email.schema';
import { User, UserSchema } from './user.schema';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: UserEmail.name, schema: UserEmailSchema },
    ]),
  ],
  providers: [UsersService, PasswordHasher, UserDirectory],
  exports: [UsersService, PasswordHasher, UserDirectory],
})
export class UsersModule {}
