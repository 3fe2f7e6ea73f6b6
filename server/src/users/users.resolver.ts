import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth/auth.guards';
import { pageRequest } from '../common/pagination';
import { UserPageType, UserType } from './user.types';
import { UsersService } from './users.service';

@Resolver(() => UserType)
export class UsersResolver {
  constructor(private readonly service: UsersService) {}

  @Query(() => UserPageType, { description: 'Newest first; search matches name or e-mail' })
  @AdminOnly()
  users(
    @Args('page', { type: () => Int, defaultValue: 1 }) page: number,
    @Args('pageSize', { type: () => Int, defaultValue: 20 }) pageSize: number,
    @Args('search', { type: () => String, nullable: true }) search?: string,
  ) {
    return this.service.list(pageRequest(page, pageSize), search ?? undefined);
  }
}
