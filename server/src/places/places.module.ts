import { Module } from '@nestjs/common';
import { PinDirectory } from './pin-directory';
import { PlacesResolver } from './places.resolver';
import { PinCodesController } from './rest-v1/pin-codes.controller';

/** Where things are in India: PIN codes, their districts and states. */
@Module({
  providers: [PinDirectory, PlacesResolver],
  controllers: [PinCodesController],
  exports: [PinDirectory],
})
export class PlacesModule {}
