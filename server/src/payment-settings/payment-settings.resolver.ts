import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { PaymentSettingsDto } from './payment-settings.dto';
import { PaymentSettingsService } from './payment-settings.service';
import { PaymentSettingsType } from './payment-settings.types';

@Resolver()
export class PaymentSettingsResolver {
  constructor(private readonly settings: PaymentSettingsService) {}

  @Query(() => PaymentSettingsType)
  @AdminOnly()
  paymentSettings() {
    return this.settings.read();
  }

  @Mutation(() => PaymentSettingsType, {
    description: 'Changes the fields given; a refusal names its field and changes nothing',
  })
  @AdminOnly()
  updatePaymentSettings(@Args('input') input: PaymentSettingsDto) {
    return this.settings.update(input);
  }
}
