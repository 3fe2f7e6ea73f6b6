// What other modules may use of password-reset (the boundary lint holds them to this file).
export { PasswordResetModule } from './password-reset.module';
export { PasswordResetLink } from './password-reset-link.schema';
export { LINK_ON_ITS_WAY, RESET_LINK_RULES, RESET_PASSWORD_PATH } from './password-resets';
