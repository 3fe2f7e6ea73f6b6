import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { NotificationSettingsDto } from './notification-settings.dto';
import { NotificationSettingsService } from './notification-settings';
import { NotificationSettingsType } from './notification-settings.types';

@Resolver()
export class NotificationSettingsResolver {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Query(() => NotificationSettingsType)
  @AdminOnly()
  notificationSettings() {
    return this.settings.view();
  }

  @Mutation(() => NotificationSettingsType, {
    description: 'Changes the fields given; a refusal names its field and changes nothing',
  })
  @AdminOnly()
  updateNotificationSettings(@Args('input') input: NotificationSettingsDto) {
    return this.settings.update(input);
  }
}
