import { Global, Module } from '@nestjs/common';
import { ChangeLog } from './change-log.service';

/** The shared change log, for any module that writes or keeps a read model (change-log.service.ts). */
@Global()
@Module({
  providers: [ChangeLog],
  exports: [ChangeLog],
})
export class ChangesModule {}
