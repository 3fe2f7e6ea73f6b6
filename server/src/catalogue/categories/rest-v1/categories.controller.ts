import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth';
import { ApiAnswer, ApiErrors, IdParam } from '../../../common/rest-v1/api-responses';
import { listOf, succeeded } from '../../../common/rest-v1/answers';
import { CATEGORY } from './category.answers';
import { ObjectIdPipe } from '../../../common/object-id';
import { CategoriesService } from '../categories.service';
import { CategoryDto } from '../category.dto';

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the
 * category calls as the first clients know them; lists and records under a `category` key
 * in the `{ success, message }` envelope. The rules are CategoriesService's.
 */
@ApiTags('category')
@Controller('api/v1/category')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('get-category')
  @ApiAnswer(200, 'Every category', succeeded({ category: listOf(CATEGORY) }))
  async list() {
    return { success: true, message: 'All categories', category: await this.categories.list() };
  }

  @Post('create-category')
  @AdminOnly()
  @ApiAnswer(201, 'Created', succeeded({ category: CATEGORY }))
  @ApiErrors(409)
  async create(@Body() body: CategoryDto) {
    const category = await this.categories.create(body);
    return { success: true, message: `${category.name} is created`, category };
  }

  @Put('update-category/:id')
  @AdminOnly()
  @ApiAnswer(200, 'Renamed', succeeded({ category: CATEGORY }))
  @IdParam('id', 'Category id')
  @ApiErrors(404, 409)
  async update(@Param('id', ObjectIdPipe) id: string, @Body() body: CategoryDto) {
    const category = await this.categories.rename(id, body);
    return { success: true, message: `${category.name} is updated`, category };
  }

  @Delete('delete-category/:id')
  @AdminOnly()
  @ApiAnswer(200, 'Deleted', succeeded())
  @IdParam('id', 'Category id')
  @ApiErrors(404, 409)
  async delete(@Param('id', ObjectIdPipe) id: string) {
    const category = await this.categories.delete(id);
    return { success: true, message: `${category.name} is deleted` };
  }
}
