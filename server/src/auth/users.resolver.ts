import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOnly, SignedIn } from './auth.guards';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import type { Language } from '../shared/rules';
import { LanguageEnum, PublicUser, UserPageType, UserType, UsersService } from '../users';
import { CurrentUser } from './viewer';

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

  // Read only when asked for (the storefront's `me`): the REST contract's users stay as they are.
  @ResolveField(() => LanguageEnum, {
    nullable: true,
    description: 'The storefront language the user chose, or null before they chose one',
  })
  language(@Parent() user: PublicUser) {
    return this.service.languageOf(user._id);
  }

  @Mutation(() => UserType, {
    description: 'Keeps the storefront language the signed-in user chose, for every device',
  })
  @SignedIn()
  async chooseLanguage(
    @CurrentUser() viewer: PublicUser,
    @Args('language', { type: () => LanguageEnum }) language: Language,
  ) {
    await this.service.chooseLanguage(viewer._id, language);
    return viewer;
  }
}
