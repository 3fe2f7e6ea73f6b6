import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, IdParam } from '../../common/rest-v1/api-responses';
import { succeeded } from '../../common/rest-v1/answers';
import { ObjectIdPipe } from '../../common/object-id';
import { MAX_ADDRESSES } from '../../shared/rules';
import { AddressBook, AddressDto, PublicUser } from '../../users';
import { SignedIn } from '../auth.guards';
import { CurrentUser } from '../viewer';
import { ADDRESS, ADDRESSES } from './address.answers';

/**
 * The signed-in shopper's address book, beside the profile calls (`/api/v1/auth/...`). A bad
 * field is a 400 whose message names it (`pin: ...`); the rules are AddressBook's, as GraphQL's.
 */
@ApiTags('addresses')
@Controller('api/v1/auth/addresses')
export class AddressesController {
  constructor(private readonly book: AddressBook) {}

  @Get()
  @SignedIn()
  @ApiAnswer(200, 'Your addresses, in the order added', succeeded({ addresses: ADDRESSES }))
  async list(@CurrentUser() viewer: PublicUser) {
    return { success: true, addresses: await this.book.list(viewer._id) };
  }

  @Post()
  @SignedIn()
  @ApiOperation({
    summary: 'Adds an address',
    description: `At most ${MAX_ADDRESSES}; the first one, or one with makeDefault, becomes the default.`,
  })
  @ApiAnswer(201, 'Added', succeeded({ address: ADDRESS }))
  @ApiErrors(409)
  async add(@CurrentUser() viewer: PublicUser, @Body() body: AddressDto) {
    const address = await this.book.add(viewer._id, body);
    return { success: true, message: 'Address added', address };
  }

  @Put(':id')
  @SignedIn()
  @IdParam('id', 'Address id')
  @ApiAnswer(200, 'Saved', succeeded({ address: ADDRESS }))
  @ApiErrors(404, 409)
  async update(
    @CurrentUser() viewer: PublicUser,
    @Param('id', ObjectIdPipe) id: string,
    @Body() body: AddressDto,
  ) {
    const address = await this.book.update(viewer._id, id, body);
    return { success: true, message: 'Address saved', address };
  }

  @Delete(':id')
  @SignedIn()
  @IdParam('id', 'Address id')
  @ApiAnswer(200, 'Deleted; the book as it is now', succeeded({ addresses: ADDRESSES }))
  @ApiErrors(404, 409)
  async remove(@CurrentUser() viewer: PublicUser, @Param('id', ObjectIdPipe) id: string) {
    const addresses = await this.book.remove(viewer._id, id);
    return { success: true, message: 'Address deleted', addresses };
  }

  @Put(':id/default')
  @SignedIn()
  @HttpCode(200)
  @IdParam('id', 'Address id')
  @ApiAnswer(200, 'The default now; the book as it is', succeeded({ addresses: ADDRESSES }))
  @ApiErrors(404, 409)
  async makeDefault(@CurrentUser() viewer: PublicUser, @Param('id', ObjectIdPipe) id: string) {
    const addresses = await this.book.setDefault(viewer._id, id);
    return { success: true, message: 'Default address set', addresses };
  }
}
