// What other modules may use of the migrations module.
export { MigrationsModule } from './migrations.module';
export { Migrations, MIGRATIONS, PHOTOS_RESIZED } from './migrations.service';
