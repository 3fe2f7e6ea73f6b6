import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { Catalogue, smallestPhotoUrl } from '../catalogue';
import { APP_CONFIG, AppConfig, localUrl } from '../config/config';
import { taxDocumentPdf, TaxDocuments } from '../invoices';
import { mailOf, Outbox } from '../notifications';
import type { OwedMail } from '../notifications';
import { UsersService } from '../users';
import { Couriers, trackingUrlOf } from './couriers';
import { noticesDue, ORDER_MAIL_EVENTS, orderMailOf } from './order-mail';
import type { OrderMailContext, OrderNotice } from './order-mail';
import { Order, OrderRecord } from './order.schema';

/**
 * Writes the e-mail an order owes to the outbox as it moves (OrderFollowUp calls this after every
 * change, and recovery again after a crash): each notice once, kept on the order once owed.
 * Owing is idempotent (the outbox's key), so a follow-up cut short between the outbox and the
 * order owes it again and nothing is sent twice.
 */
@Injectable()
export class OrderNotices {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly outbox: Outbox,
    private readonly users: UsersService,
    private readonly couriers: Couriers,
    private readonly catalogue: Catalogue,
    private readonly documents: TaxDocuments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async follow(order: OrderRecord): Promise<void> {
    // Orders placed before the shop sent e-mail have no list, and owe nothing.
    if (!order.notices) return;
    const owed = new Set(order.notices);
    const fresh = noticesDue(order).filter((notice) => !owed.has(notice.notice));
    if (fresh.length === 0) return;
    if (this.outbox.sending) {
      const buyer = await this.users.findById(order.buyer);
      const context = await this.contextOf(order, buyer?.name ?? '');
      for (const notice of fresh) {
        const to = notice.to === 'shop' ? this.config.admin.email : buyer?.email;
        if (to) await this.outbox.owe(await this.mailOf(order, notice, to, context));
      }
    }
    // With e-mail off, owed all the same: turned on later, it does not send old news.
    await this.orders.updateOne(
      { _id: order._id },
      { $addToSet: { notices: { $each: fresh.map((notice) => notice.notice) } } },
    );
  }

  private async mailOf(
    order: OrderRecord,
    notice: OrderNotice,
    to: string,
    context: OrderMailContext,
  ): Promise<OwedMail> {
    const { subject, view } = orderMailOf(order, notice, context);
    const { html, text } = await mailOf(view);
    return {
      key: `${notice.notice}/${String(order._id)}/${to}`,
      event: notice.event,
      to,
      subject,
      html,
      text,
      attachments: notice.event === ORDER_MAIL_EVENTS.PLACED ? await this.invoiceOf(order) : [],
    };
  }

  private async contextOf(order: OrderRecord, accountName: string): Promise<OrderMailContext> {
    const couriers = order.shipment ? await this.couriers.list() : [];
    return {
      shopName: this.config.brandName,
      buyerName: order.deliveryAddress?.name ?? accountName,
      origin: this.config.publicUrl ?? localUrl(this.config),
      photoPaths: order.lines.map((line) => {
        const photos = this.catalogue.productById(String(line.product))?.photos ?? [];
        const photo = photos.find((one) => one.hash === line.photoHash) ?? photos[0];
        return photo?.layout ? smallestPhotoUrl(photo.hash, photo.layout) : null;
      }),
      trackingUrl: order.shipment ? trackingUrlOf(order.shipment, couriers) : null,
    };
  }

  /** The order's tax invoice as a PDF, when it has one by now (paid through the gateway). */
  private async invoiceOf(order: OrderRecord): Promise<OwedMail['attachments']> {
    const invoice = (await this.documents.ofOrder(String(order._id))).find(
      (document) => document.kind === 'invoice',
    );
    if (!invoice) return [];
    const { name, bytes } = await taxDocumentPdf(invoice);
    return [{ filename: name, contentType: 'application/pdf', content: bytes }];
  }
}
