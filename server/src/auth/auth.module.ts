import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { UsersModule } from '../users';
import { AuthController } from './rest-v1/auth.controller';
import { AddressesController } from './rest-v1/addresses.controller';
import { AddressBookResolver } from './address-book.resolver';
import { AdminGuard, SignedInGuard } from './auth.guards';
import { AuthResolver } from './auth.resolver';
import { AuthService } from './auth.service';
import { TokenService } from './token.service';
import { UsersResolver } from './users.resolver';

/** Global so every domain module can guard its routes without importing auth. */
@Global()
@Module({
  imports: [UsersModule, MongooseModule, RateLimitModule],
  controllers: [AuthController, AddressesController],
  providers: [
    AuthService,
    AuthResolver,
    AddressBookResolver,
    UsersResolver,
    TokenService,
    SignedInGuard,
    AdminGuard,
  ],
  exports: [AuthService, TokenService, SignedInGuard, AdminGuard],
})
export class AuthModule {}
