// What other modules may use of settings (the boundary lint holds them to this file).
export { SettingsModule } from './settings.module';
export { SettingsStore } from './settings-store';
export { ShopSetting, ShopSettingSchema } from './shop-setting.schema';
