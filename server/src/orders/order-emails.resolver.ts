import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentUser } from '../auth';
import { FieldCost } from '../common/graphql/field-cost';
import type { PublicUser } from '../users';
import { OrderEmails } from './order-emails';
import { orderEmailOf, OrderEmailType } from './order-emails.types';

/** The most e-mails an order can owe: each status, a payment, and refunds. */
const MAX_ORDER_EMAILS = 50;

@Resolver()
export class OrderEmailsResolver {
  constructor(private readonly emails: OrderEmails) {}

  @FieldCost({ maxItems: MAX_ORDER_EMAILS })
  @Query(() => [OrderEmailType], {
    description: 'The e-mails about an order, to its buyer and the shop, oldest first',
  })
  @AdminOnly()
  async orderEmails(@CurrentUser() viewer: PublicUser, @Args('number') number: string) {
    return (await this.emails.list(number, viewer)).map(orderEmailOf);
  }

  @Mutation(() => OrderEmailType, {
    description:
      'Sends a sent or failed e-mail of the order again, as it was written; NOT_FOUND for a key ' +
      'the order does not have',
  })
  @AdminOnly()
  async sendOrderEmailAgain(
    @CurrentUser() viewer: PublicUser,
    @Args('number') number: string,
    @Args('key') key: string,
  ) {
    return orderEmailOf(await this.emails.sendAgain(number, key, viewer));
  }
}
