import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RATE_LIMIT_STORE, MemoryRateLimitStore } from '../common/rate-limit/rate-limit.store';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AdminGuard, SignedInGuard } from './auth.guards';
import { AuthResolver } from './auth.resolver';
import { AuthService } from './auth.service';
import { TokenService } from './token.service';

/** Global so every domain module can guard its routes without importing auth. */
@Global()
@Module({
  imports: [UsersModule, MongooseModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthResolver,
    TokenService,
    RateLimiter,
    SignedInGuard,
    AdminGuard,
    { provide: RATE_LIMIT_STORE, useClass: MemoryRateLimitStore },
  ],
  exports: [AuthService, TokenService, SignedInGuard, AdminGuard],
})
export class AuthModule {}
