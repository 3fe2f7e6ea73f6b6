import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiErrors } from '../common/rest-v1/api-responses';
import { forbidden, unauthenticated } from '../common/shop-error';
import { AuthService, isAdmin } from './auth.service';
import { tokenFromHeader } from './token.service';
import { requestOf } from './viewer';

/** Lets a request through only with a valid token of an existing user. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    if (request.viewer === undefined) {
      request.viewer = await this.auth.viewerOf(tokenFromHeader(request.headers.authorization));
    }
    if (!request.viewer) throw unauthenticated();
    return true;
  }
}

/**
 * Lets every request through, knowing the viewer when its token is valid: for answers that
 * differ for a signed-in shopper (a coupon limited per shopper) but are open to all.
 */
@Injectable()
export class ViewerIfSignedInGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = requestOf(context);
    if (request.viewer === undefined) {
      request.viewer = await this.auth.viewerOf(tokenFromHeader(request.headers.authorization));
    }
    return true;
  }
}

/** Lets a request through only for an administrator (role 1). */
@Injectable()
export class AdminGuard extends SignedInGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    if (!isAdmin(requestOf(context).viewer ?? null)) throw forbidden('Admins only');
    return true;
  }
}

export const SignedIn = () =>
  applyDecorators(UseGuards(SignedInGuard), ApiBearerAuth(), ApiErrors(401));

export const ViewerIfSignedIn = () => UseGuards(ViewerIfSignedInGuard);

export const AdminOnly = () =>
  applyDecorators(UseGuards(AdminGuard), ApiBearerAuth(), ApiErrors(401, 403));
