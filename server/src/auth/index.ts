// What other modules may use of auth (the boundary lint holds them to this file).
export { AuthModule } from './auth.module';
export { AdminOnly } from './auth.guards';
export type { ShopRequest } from './viewer';
export { tokenFromHeader } from './token.service';
export { TokenService } from './token.service';
export { clientAddressOf } from './viewer';
export { SignedIn, ViewerIfSignedIn } from './auth.guards';
export { ClientAddress } from './viewer';
export { CurrentUser } from './viewer';
