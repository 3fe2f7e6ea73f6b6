import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '../../auth';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import { count, listOf, nullable, shapeOf, succeeded, text } from '../../common/rest-v1/answers';
import type { PublicUser } from '../../users';
import { OrderEmails } from '../order-emails';
import { orderEmailOf, SendEmailAgainDto } from '../order-emails.types';

const ORDER_EMAIL = shapeOf({
  key: text,
  event: text,
  to: text,
  subject: text,
  state: { type: 'string', enum: ['due', 'sent', 'failed'] },
  tries: count,
  lastError: nullable(text),
  sentAt: nullable({ type: 'string', format: 'date-time' }),
  sentAgain: count,
  createdAt: { type: 'string', format: 'date-time' },
});

/** The e-mails about an order, for the admin, and sending one again. */
@ApiTags('orders')
@Controller('api/v1/order/:number/emails')
export class OrderEmailsController {
  constructor(private readonly emails: OrderEmails) {}

  @Get()
  @AdminOnly()
  @ApiParam({ name: 'number', description: 'The order number, such as BZ-000123' })
  @ApiAnswer(200, 'Oldest first', succeeded({ emails: listOf(ORDER_EMAIL) }))
  @ApiErrors(404)
  async list(@CurrentUser() viewer: PublicUser, @Param('number') number: string) {
    return { success: true, emails: (await this.emails.list(number, viewer)).map(orderEmailOf) };
  }

  @Post('send-again')
  @HttpCode(200)
  @AdminOnly()
  @ApiParam({ name: 'number', description: 'The order number, such as BZ-000123' })
  @ApiAnswer(200, 'On its way again', succeeded({ email: ORDER_EMAIL }))
  @ApiErrors(404)
  async sendAgain(
    @CurrentUser() viewer: PublicUser,
    @Param('number') number: string,
    @Body() body: SendEmailAgainDto,
  ) {
    const email = orderEmailOf(await this.emails.sendAgain(number, body.key, viewer));
    return { success: true, message: 'The e-mail is on its way again', email };
  }
}
