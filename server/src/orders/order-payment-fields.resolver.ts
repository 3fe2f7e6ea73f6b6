import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { FieldCost } from '../common/graphql/field-cost';
import { PAYMENT_METHOD as PAYMENT_METHOD_ENUM } from '../payment-settings';
import { OrderPayment, paymentMethodName } from './order.schema';
import { OrderPaymentType } from './order.types';
import { OrderPayments } from './order-payments';

/** How the payer finishes the latest attempt to pay, while it is still open. */
@Resolver(() => OrderPaymentType)
export class OrderPaymentFieldsResolver {
  constructor(private readonly payments: OrderPayments) {}

  @FieldCost({ free: true })
  @ResolveField(() => PAYMENT_METHOD_ENUM)
  method(@Parent() payment: OrderPayment) {
    return paymentMethodName(payment.method);
  }

  @FieldCost({ free: true })
  @ResolveField(() => String, {
    nullable: true,
    description: 'The upi://pay link of a UPI attempt still open: shown as a QR code, or opened',
  })
  upiLink(@Parent() payment: OrderPayment) {
    return payment.payerAction?.action === 'intent' ? payment.payerAction.url : null;
  }

  @FieldCost({ free: true })
  @ResolveField(() => String, {
    nullable: true,
    description:
      "The page where the payer finishes an open attempt (the bank's); with the demo gateway, " +
      'its page that stands in for the UPI app or the bank',
  })
  payerPageUrl(@Parent() payment: OrderPayment) {
    if (!payment.payerAction || !payment.attemptId) return null;
    if (payment.payerAction.action === 'redirect') return payment.payerAction.url;
    return this.payments.payerPageOf(payment.attemptId);
  }
}
