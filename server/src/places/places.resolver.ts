import { Args, Query, Resolver } from '@nestjs/graphql';
import { PinDirectory } from './pin-directory';
import { PinPlaceType } from './places.types';

@Resolver()
export class PlacesResolver {
  constructor(private readonly pins: PinDirectory) {}

  @Query(() => PinPlaceType, {
    nullable: true,
    description:
      'Where a PIN code is (district, city, state); null when India Post has no such PIN',
  })
  pinCode(@Args('pin') pin: string) {
    return this.pins.lookup(pin.trim());
  }
}
