import { Args, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from './auth.guards';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import { UserPageType, UserType, UsersService } from '../users';

@Resolver(() => UserType)
export class UsersResolver {
  constructor(private readonly service: UsersService) {}

  @Query(() => UserPageType, { description: 'Newest first; search matches name or e-mail' })
  @AdminOnly()
  users(
    @Args() { page, pageSize }: AdminPageArgs,
    @Args('search', { type: () => String, nullable: true }) search?: string,
  ) {
    return this.service.list(pageRequest(page, pageSize), search ?? undefined);
  }
}
