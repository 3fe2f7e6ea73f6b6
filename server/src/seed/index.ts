// What other modules may use of seed (the boundary lint holds them to this file).
export { SeedModule } from './seed.module';
export { seededAccountLines } from './seed.service';
export { SeedService } from './seed.service';
