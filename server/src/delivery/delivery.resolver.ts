import { Args, Float, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { optionalPaiseOf } from '../common/setting-values';
import { PaymentOptionsType } from '../payment-settings';
import { PinDirectory } from '../places';
import { DELIVERY_RULES } from '../shared/rules';
import { DeliverySettingsDto } from './delivery.dto';
import { DeliveryService } from './delivery.service';
import { DeliverySettingsService } from './delivery-settings.service';
import { DeliveryCheckType, DeliverySettingsType } from './delivery.types';
import { settingsView } from './settings-view';

@Resolver()
export class DeliveryResolver {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly settings: DeliverySettingsService,
    private readonly pins: PinDirectory,
  ) {}

  @Query(() => DeliveryCheckType, {
    description:
      'Whether the shop delivers to a PIN, between which days if ordered now, with cash on ' +
      'delivery or not, and what shipping costs; a malformed or unknown PIN is refused',
  })
  deliveryCheck(@Args('pin') pin: string) {
    return this.delivery.check(pin);
  }

  @Query(() => PaymentOptionsType, {
    description:
      'The ways to pay an order to a PIN the storefront may offer (UPI first), each available ' +
      'or not with the reason, the cash-on-delivery fee and the minutes a payment may take. ' +
      'With orderTotal (rupees: goods and shipping, as cartQuote answers), cash on delivery ' +
      'is also checked against its largest order; checkout checks it again whatever is asked',
  })
  paymentOptions(
    @Args('pin') pin: string,
    @Args('orderTotal', { type: () => Float, nullable: true }) orderTotal?: number | null,
  ) {
    const total = optionalPaiseOf('orderTotal', orderTotal ?? null, DELIVERY_RULES.orderValue);
    return this.delivery.paymentOptions(pin, total);
  }

  @Query(() => DeliverySettingsType)
  @AdminOnly()
  async deliverySettings() {
    return settingsView(await this.settings.read(), this.pins);
  }

  @Mutation(() => DeliverySettingsType, {
    description: 'Changes the fields given; a refusal names its field and changes nothing',
  })
  @AdminOnly()
  async updateDeliverySettings(@Args('input') input: DeliverySettingsDto) {
    return settingsView(await this.settings.update(input), this.pins);
  }
}
