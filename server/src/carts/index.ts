// What other modules may use of carts (the boundary lint holds them to this file).
export { CartsModule } from './carts.module';
export { CheckoutLineDto } from './cart-line.dto';
