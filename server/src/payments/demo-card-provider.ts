import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { isCardNumber } from '../common/card-number';
import { isDuplicateKey } from '../common/natural-key';
import { badInput } from '../common/shop-error';
import { fieldFault } from '../shared/rules';
import { CARD_RULES, cardExpiryFault, isCardCvv } from '../shared/form-rules';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  DemoCharge,
  demoChargeIdIn,
  demoChargeIdOf,
  demoChargeReference,
} from './demo-charge.schema';
import { CardDetails, Charge, ChargeResult, PaymentProvider, Refund } from './payment-provider';

/** The documented test cards of the demo processor. */
export const DEMO_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;

/**
 * Card number without spaces or dashes, checked for shape and check digit; a refusal names the
 * card's field (`card.expiry: ...`), in the words the checkout form checks with.
 */
export function checkCard(card: CardDetails, now = new Date()): string {
  const number = card.number.replace(/[\s-]/g, '');
  if (!isCardNumber(number)) throw badInput(fieldFault('card.number', CARD_RULES.number));
  const expiryFault = cardExpiryFault(card.expiry, now);
  if (expiryFault) throw badInput(fieldFault('card.expiry', expiryFault));
  if (!isCardCvv(card.cvv)) throw badInput(fieldFault('card.cvv', CARD_RULES.cvv));
  return number;
}

/**
 * An offline processor for demonstrations: no money moves. It approves the approving
 * test card and declines every other well-formed card, and keeps its charges and
 * refunds in the shop's database, keyed by idempotency key like a real processor.
 */
@Injectable()
export class DemoCardProvider implements PaymentProvider {
  readonly name = 'demo-card';

  constructor(
    @InjectModel(DemoCharge.name) private readonly charges: Model<DemoCharge>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  check(card: CardDetails): void {
    checkCard(card);
  }

  async charge({ card, amount, reference, idempotencyKey }: Charge): Promise<ChargeResult> {
    const earlier = await this.findCharge(idempotencyKey);
    if (earlier) return earlier;
    const _id = demoChargeIdOf(idempotencyKey);
    const result = decide(checkCard(card), _id);
    if (this.config.demoCardDelayMs > 0) await sleep(this.config.demoCardDelayMs);
    try {
      await this.charges.create({
        _id,
        idempotencyKey,
        orderReference: reference,
        amount,
        approved: result.approved,
        reference: result.approved ? result.reference : null,
        message: result.approved ? null : result.message,
      });
      return result;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (await this.findCharge(idempotencyKey))!;
    }
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const charge = await this.charges.findById(demoChargeIdOf(idempotencyKey)).lean();
    if (!charge) return null;
    return charge.approved
      ? { approved: true, reference: charge.reference! }
      : { approved: false, message: charge.message! };
  }

  /**
   * The charge is found by `_id`; a refund not made yet is then recorded by a write
   * conditional on its key being absent, so a refund is recorded once however often it
   * is asked for (that write reads the whole collection on the embedded engine, which
   * only refunds, never checkouts, pay).
   */
  async refund({ chargeReference, amount, idempotencyKey }: Refund): Promise<void> {
    const id = demoChargeIdIn(chargeReference);
    const charge = id
      ? await this.charges.findById(id).lean()
      : // A reference given before charges were keyed names no id.
        await this.charges.findOne({ reference: chargeReference }).lean();
    if (!charge) throw new Error(`No demo charge ${chargeReference} to refund`);
    if (charge.refunds.some((refund) => refund.idempotencyKey === idempotencyKey)) return;
    await this.charges.updateOne(
      { _id: charge._id, 'refunds.idempotencyKey': { $ne: idempotencyKey } },
      { $push: { refunds: { idempotencyKey, amount, at: new Date() } } },
    );
  }
}

function decide(number: string, charge: Types.ObjectId): ChargeResult {
  if (number === DEMO_CARDS.approved)
    return { approved: true, reference: demoChargeReference(charge) };
  if (number === DEMO_CARDS.declined) return { approved: false, message: 'Card declined' };
  return {
    approved: false,
    message: 'Card declined: the demo processor accepts its test cards only',
  };
}
