import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Upgrade, UpgradeSchema } from './upgrade.schema';
import { Upgrades } from './upgrades.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Upgrade.name, schema: UpgradeSchema }])],
  providers: [Upgrades],
  exports: [Upgrades],
})
export class UpgradesModule {}
