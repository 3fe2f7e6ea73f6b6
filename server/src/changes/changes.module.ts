import { Global, Module } from '@nestjs/common';
import { ChangeLog } from './change-log.service';

@Global()
@Module({ providers: [ChangeLog], exports: [ChangeLog] })
export class ChangesModule {}
