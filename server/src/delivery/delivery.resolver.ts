import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { PinDirectory } from '../places';
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
