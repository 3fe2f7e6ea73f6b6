// What other modules may use of lookups (the boundary lint holds them to this file).
export { LoaderFactory } from './loaders';
export { LookupsModule } from './lookups.module';
export type { Loaders } from './loaders';
