// What other modules may use of changes (the boundary lint holds them to this file).
export { ChangesModule } from './changes.module';
export { ChangeLog } from './change-log.service';
export { ReadModelSync, ReadOnFirstUse } from './read-model-sync';
