import { Body, Controller, Get, HttpCode, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import { shapeOf, succeeded } from '../../common/rest-v1/answers';
import { USER } from './user.answers';
import type { Response } from 'express';
import { ShopError } from '../../common/shop-error';
import type { PublicUser } from '../../users';
import { AdminOnly, SignedIn } from '../auth.guards';
import { AuthService } from '../auth.service';
import { RegistrationLimit } from '../registration-limit.guard';
import { ForgotPasswordDto, LoginDto, ProfileDto, RegisterDto } from '../dto/auth.dto';
import { ClientAddress, CurrentUser } from '../viewer';

const TOKEN_GOOD = shapeOf({ ok: { type: 'boolean', enum: [true] } });

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): sign-up,
 * sign-in and profile calls as the first clients know them; the profile call answers a bad
 * field with `{ success: false, message, error }` and status 400, since its forms read
 * `error`. The rules are AuthService's and UsersService's.
 */
@ApiTags('auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @ApiAnswer(201, 'Registered', succeeded({ user: USER }))
  @ApiErrors(409, 429)
  @UseGuards(RegistrationLimit)
  async register(@Body() body: RegisterDto) {
    const user = await this.auth.register(body);
    return { success: true, message: 'Registered successfully, please login', user };
  }

  @Post('login')
  @HttpCode(200)
  @ApiAnswer(200, 'Signed in', succeeded({ user: USER, token: { type: 'string' } }))
  @ApiErrors(401, 429)
  async login(@Body() body: LoginDto, @ClientAddress() address: string) {
    const { user, token } = await this.auth.login(body.email, body.password, address);
    return { success: true, message: 'Logged in successfully', user, token };
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiAnswer(200, 'Password changed', succeeded())
  @ApiErrors(404, 429)
  async forgotPassword(@Body() body: ForgotPasswordDto, @ClientAddress() address: string) {
    await this.auth.forgotPassword(body.email, body.answer, body.newPassword, address);
    return { success: true, message: 'Password reset successfully' };
  }

  @Post('sign-out-everywhere')
  @HttpCode(200)
  @SignedIn()
  @ApiAnswer(200, 'Every token issued so far, this one included, no longer works', succeeded())
  async signOutEverywhere(@CurrentUser() viewer: PublicUser) {
    await this.auth.signOutEverywhere(viewer);
    return { success: true, message: 'Signed out on every device, please login again' };
  }

  @Get('user-auth')
  @SignedIn()
  @ApiAnswer(200, 'The token is good', TOKEN_GOOD)
  userAuth() {
    return { ok: true };
  }

  @Get('admin-auth')
  @AdminOnly()
  @ApiAnswer(200, "The token is an administrator's", TOKEN_GOOD)
  adminAuth() {
    return { ok: true };
  }

  /** Replies `{ error }` beside the usual envelope, which is what profile forms read. */
  @Put('profile')
  @SignedIn()
  @ApiOperation({
    summary: "Changes the signed-in user's profile",
    description:
      "A new `password`, or an `email` other than the account's, needs `currentPassword`: " +
      'without it, or with a wrong one, the answer is 400 naming it and nothing changes. ' +
      'Wrong current passwords count against the sign-in limits (429). A new password ends ' +
      'every session, this one included.',
  })
  @ApiAnswer(200, 'Profile saved', succeeded({ updatedUser: USER }))
  @ApiErrors(429)
  async profile(
    @CurrentUser() viewer: PublicUser,
    @Body() body: ProfileDto,
    @ClientAddress() address: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    try {
      const updatedUser = await this.auth.updateProfile(viewer, body, address);
      return { success: true, message: 'Profile updated successfully', updatedUser };
    } catch (error) {
      if (!(error instanceof ShopError) || error.kind !== 'BAD_USER_INPUT') throw error;
      response.status(400);
      return { success: false, message: error.message, error: error.message };
    }
  }
}
