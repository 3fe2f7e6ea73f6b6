import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ClientAddress } from '../../auth';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import { shapeOf, succeeded } from '../../common/rest-v1/answers';
import { PasswordResetLinkDto, ResetPasswordDto } from '../password-reset.dto';
import { LINK_ON_ITS_WAY, PasswordResets } from '../password-resets';

/** Password reset by an e-mailed link, beside the spec's security-question reset. */
@ApiTags('auth')
@Controller('api/v1/auth')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResets) {}

  @Get('password-reset-ways')
  @ApiAnswer(
    200,
    'How a forgotten password can be reset: by e-mailed link, by security question',
    succeeded({
      ways: shapeOf({
        link: { type: 'boolean' },
        linkMinutes: { type: 'integer' },
        securityQuestion: { type: 'boolean' },
      }),
    }),
  )
  ways() {
    return { success: true, ways: this.resets.ways() };
  }

  @Post('password-reset-link')
  @HttpCode(200)
  @ApiAnswer(200, 'The same answer whether or not an account uses the address', succeeded())
  @ApiErrors(404, 429)
  async sendLink(@Body() body: PasswordResetLinkDto, @ClientAddress() address: string) {
    await this.resets.sendLink(body.email, address);
    return { success: true, message: LINK_ON_ITS_WAY };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiAnswer(200, 'Password changed; every session of the account ended', succeeded())
  @ApiErrors(429)
  async reset(@Body() body: ResetPasswordDto, @ClientAddress() address: string) {
    await this.resets.reset(body.token, body.newPassword, address);
    return { success: true, message: 'Password reset successfully, please login' };
  }
}
