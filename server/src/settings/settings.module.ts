import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SettingsStore } from './settings-store';
import { ShopSetting, ShopSettingSchema } from './shop-setting.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: ShopSetting.name, schema: ShopSettingSchema }])],
  providers: [SettingsStore],
  exports: [SettingsStore],
})
export class SettingsModule {}
