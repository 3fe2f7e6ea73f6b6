import { Controller, Get, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import { succeeded } from '../../common/rest-v1/answers';
import { notFound } from '../../common/shop-error';
import { PIN_NOT_KNOWN } from '../../shared/rules';
import { PinDirectory } from '../pin-directory';

/** Where a PIN code is, for clients of the REST API filling an address form. */
@ApiTags('pin-code')
@Controller('api/v1/pin-code')
export class PinCodesController {
  constructor(private readonly pins: PinDirectory) {}

  @Get(':pin')
  @ApiParam({ name: 'pin', description: 'Six digits', example: '560001' })
  @ApiAnswer(200, 'Where the PIN is', succeeded({ place: { type: 'object' } }))
  @ApiErrors(404)
  find(@Param('pin') pin: string) {
    const place = this.pins.lookup(pin.trim());
    if (!place) throw notFound(PIN_NOT_KNOWN);
    return { success: true, message: `${place.pin}: ${place.city}, ${place.state.name}`, place };
  }
}
