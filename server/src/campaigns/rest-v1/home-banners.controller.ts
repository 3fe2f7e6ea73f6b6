import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { listOf, succeeded } from '../../common/rest-v1/answers';
import { HomeBannersDto } from '../campaigns.dto';
import { HomeBanners } from '../home-banners.service';
import { HOME_BANNER } from './home-banners.answers';

const BANNERS = { banners: listOf(HOME_BANNER) };

/** The home banners over REST, beside GraphQL's, with the same rules. */
@ApiTags('campaigns')
@Controller('api/v1')
export class HomeBannersController {
  constructor(private readonly banners: HomeBanners) {}

  @Get('home-banners')
  @ApiAnswer(200, 'The banners the home page shows, in order', succeeded(BANNERS))
  async shown() {
    return { success: true, banners: await this.banners.shown() };
  }

  @Get('settings/banners')
  @AdminOnly()
  @ApiAnswer(200, 'Every banner, shown or not, in order', succeeded(BANNERS))
  async all() {
    return { success: true, banners: await this.banners.all() };
  }

  /** Keeps the banners sent in place of those there were; 400 naming the first refused field. */
  @Put('settings/banners')
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded(BANNERS))
  async replace(@Body() body: HomeBannersDto) {
    return {
      success: true,
      message: 'Home banners saved',
      banners: await this.banners.replace(body.banners),
    };
  }
}
