import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { NotificationsModule } from '../notifications';
import { UsersModule } from '../users';
import { PasswordResetLink, PasswordResetLinkSchema } from './password-reset-link.schema';
import { PasswordResetResolver } from './password-reset.resolver';
import { PasswordResets } from './password-resets';
import { PasswordResetController } from './rest-v1/password-reset.controller';

/** A forgotten password reset by an e-mailed link (the security question is auth's). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: PasswordResetLink.name, schema: PasswordResetLinkSchema }]),
    UsersModule,
    NotificationsModule,
    RateLimitModule,
  ],
  controllers: [PasswordResetController],
  providers: [PasswordResets, PasswordResetResolver],
})
export class PasswordResetModule {}
