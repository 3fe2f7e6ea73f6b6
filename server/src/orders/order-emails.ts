import { Injectable } from '@nestjs/common';
import { notFound } from '../common/shop-error';
import { Outbox } from '../notifications';
import type { OutboxMessage } from '../notifications';
import type { PublicUser } from '../users';
import { OrdersService } from './orders.service';

export const EMAIL_NOT_FOUND = 'key: No e-mail of this order has this key';

/** The e-mail an order has owed, for the admin's order page, and sending one again. */
@Injectable()
export class OrderEmails {
  constructor(
    private readonly orders: OrdersService,
    private readonly outbox: Outbox,
  ) {}

  /** Oldest first; each read by its key (`_id`). */
  async list(number: string, viewer: PublicUser): Promise<OutboxMessage[]> {
    const order = await this.orders.findByNumber(number, viewer);
    return this.outbox.byKeys(order.mailKeys ?? []);
  }

  /** Only a key the order owed: the key alone must not reach another order's mail. */
  async sendAgain(number: string, key: string, viewer: PublicUser): Promise<OutboxMessage> {
    const order = await this.orders.findByNumber(number, viewer);
    const message = order.mailKeys?.includes(key) ? await this.outbox.sendAgain(key) : null;
    if (!message) throw notFound(EMAIL_NOT_FOUND);
    return message;
  }
}
