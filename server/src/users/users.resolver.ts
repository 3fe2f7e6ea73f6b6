import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth/auth.guards';
import { pageRequest } from '../common/pagination';
import { ADMIN_PAGE_SIZE } from '../shared/rules';
import { UserPageType, UserType } from './user.types';
import { UsersService } from './users.service';

@Resolver(() => UserType)
export class UsersResolver {
  constructor(private readonly service: UsersService) {}

  @Query(() => UserPageType, { description: 'Newest first; search matches name or e-mail' })
  @AdminOnly()
  users(
    @Args('page', { type: () => Int, defaultValue: 1 }) page: number,
    @Args('pageSize', { type: () => Int, defaultValue: ADMIN_PAGE_SIZE }) pageSize: number,
    @Args('search', { type: () => String, nullable: true }) search?: string,
  ) {
    return this.service.list(pageRequest(page, pageSize), search ?? undefined);
  }
}
