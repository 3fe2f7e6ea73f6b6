import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { ClientAddress } from '../auth';
import { PasswordResetLinkDto, ResetPasswordDto } from './password-reset.dto';
import { LINK_ON_ITS_WAY, PasswordResets } from './password-resets';
import { PasswordResetWaysType } from './password-reset.types';

@Resolver()
export class PasswordResetResolver {
  constructor(private readonly resets: PasswordResets) {}

  @Query(() => PasswordResetWaysType, {
    description: 'How a forgotten password can be reset in this shop',
  })
  passwordResetWays() {
    return this.resets.ways();
  }

  @Mutation(() => String, {
    description: `E-mails a link to reset the password, if an account uses the address. Answers "${LINK_ON_ITS_WAY}" either way.`,
  })
  async sendPasswordResetLink(
    @Args('input') input: PasswordResetLinkDto,
    @ClientAddress() address: string,
  ) {
    await this.resets.sendLink(input.email, address);
    return LINK_ON_ITS_WAY;
  }

  @Mutation(() => Boolean, {
    description:
      'Sets a new password with the token of an e-mailed link; ends every session of the account',
  })
  async resetPassword(@Args('input') input: ResetPasswordDto, @ClientAddress() address: string) {
    await this.resets.reset(input.token, input.newPassword, address);
    return true;
  }
}
