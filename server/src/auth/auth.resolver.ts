import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PublicUser, UserType } from '../users';
import { SignedIn } from './auth.guards';
import { AuthService } from './auth.service';
import { AuthPayloadType } from './auth.types';
import { RegistrationLimit } from './registration-limit.guard';
import { ForgotPasswordDto, LoginDto, ProfileDto, RegisterDto } from './dto/auth.dto';
import { tokenFromHeader } from './token.service';
import { ClientAddress, CurrentUser, ShopRequest } from './viewer';

@Resolver()
export class AuthResolver {
  constructor(private readonly auth: AuthService) {}

  @Query(() => UserType, { nullable: true, description: 'The signed-in user, or null' })
  me(@Context('req') request: ShopRequest) {
    return this.auth.viewerOf(tokenFromHeader(request.headers.authorization));
  }

  @Mutation(() => UserType)
  @UseGuards(RegistrationLimit)
  register(@Args('input') input: RegisterDto) {
    return this.auth.register(input);
  }

  @Mutation(() => AuthPayloadType)
  login(@Args('input') input: LoginDto, @ClientAddress() address: string) {
    return this.auth.login(input.email, input.password, address);
  }

  @Mutation(() => Boolean, {
    description:
      'Sets a new password given the security answer; NOT_FOUND where the shop turned this off ' +
      '(sendPasswordResetLink replaces it)',
  })
  async forgotPassword(@Args('input') input: ForgotPasswordDto, @ClientAddress() address: string) {
    await this.auth.forgotPassword(input.email, input.answer, input.newPassword, address);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Ends every session of the signed-in user, this one included',
  })
  @SignedIn()
  async signOutEverywhere(@CurrentUser() viewer: PublicUser) {
    await this.auth.signOutEverywhere(viewer);
    return true;
  }

  @Mutation(() => UserType, {
    description:
      'A new password or e-mail needs currentPassword; a new password ends every session, ' +
      'this one included',
  })
  @SignedIn()
  updateProfile(
    @CurrentUser() viewer: PublicUser,
    @Args('input') input: ProfileDto,
    @ClientAddress() address: string,
  ) {
    return this.auth.updateProfile(viewer, input, address);
  }
}
