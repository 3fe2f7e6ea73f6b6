import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { Catalogue, smallestPhotoUrl, variantOfLine } from '../catalogue';
import { APP_CONFIG, AppConfig, shopOrigin } from '../config/config';
import { taxDocumentPdf, TaxDocuments } from '../invoices';
import { mailOf, NotificationSettingsService, Outbox } from '../notifications';
import type { OwedMail } from '../notifications';
import { UsersService } from '../users';
import { Couriers, trackingUrlOf } from './couriers';
import { lowStockKey, lowStockMailOf, lowStockOf } from './low-stock-mail';
import { noticesDue, ORDER_MAIL_EVENTS, orderMailOf } from './order-mail';
import type { OrderMailContext, OrderNotice } from './order-mail';
import { Order, OrderRecord } from './order.schema';
import type { Language } from '../shared/rules';

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
    private readonly notificationSettings: NotificationSettingsService,
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
    const mailKeys: string[] = [];
    if (this.outbox.sending) {
      const found = await this.users.findWithLanguage(order.buyer);
      const buyer = found?.user;
      const context = await this.contextOf(order, buyer?.name ?? '', found?.language ?? 'en');
      // Read once, so a kind turned off is not laid out (nor its invoice drawn) for nothing.
      const { shopAddress, sends } = await this.notificationSettings.forSending();
      const mails: OwedMail[] = [];
      for (const notice of fresh) {
        const to = notice.to === 'shop' ? shopAddress : buyer?.email;
        if (to && sends(notice.event)) mails.push(await this.mailOf(order, notice, to, context));
      }
      // Placed now, the order took its stock: what it left low, the shop hears of.
      const placed = fresh.some((notice) => notice.event === ORDER_MAIL_EVENTS.PLACED);
      if (placed && sends('low-stock')) {
        mails.push(...(await this.lowStockMails(order, shopAddress, context.origin)));
      }
      for (const mail of mails) {
        if (await this.outbox.owe(mail)) mailKeys.push(mail.key);
      }
    }
    // With e-mail off, owed all the same: turned on later, it does not send old news.
    await this.orders.updateOne(
      { _id: order._id },
      {
        $addToSet: {
          notices: { $each: fresh.map((notice) => notice.notice) },
          mailKeys: { $each: mailKeys },
        },
      },
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

  private async lowStockMails(order: OrderRecord, to: string, origin: string): Promise<OwedMail[]> {
    const items = lowStockOf(
      order,
      this.config.lowStockThreshold,
      (line) => {
        const product = this.catalogue.productById(String(line.product));
        const variant = product && variantOfLine(product.variants, line);
        if (!product || !variant) return null;
        return { left: variant.quantity, onSale: variant.onSale, slug: product.slug };
      },
      (slug) => `${origin}/dashboard/admin/product/${slug}`,
    );
    return Promise.all(
      items.map(async (item) => {
        const { subject, view } = lowStockMailOf(item, this.config.brandName);
        return {
          key: lowStockKey(item, order, to),
          event: 'low-stock' as const,
          to,
          subject,
          ...(await mailOf(view)),
        };
      }),
    );
  }

  private async contextOf(
    order: OrderRecord,
    accountName: string,
    buyerLanguage: Language,
  ): Promise<OrderMailContext> {
    const couriers = order.shipment ? await this.couriers.list() : [];
    return {
      shopName: this.config.brandName,
      buyerName: order.deliveryAddress?.name ?? accountName,
      buyerLanguage,
      origin: shopOrigin(this.config),
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
