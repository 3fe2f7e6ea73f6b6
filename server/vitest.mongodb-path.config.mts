import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

/**
 * Tests of orders and stock once more with DATABASE_STRATEGY=mongodb on the embedded engine:
 * DatabaseEngine then sends the conditional updates and deletes MongoDB is sent, and the engine
 * runs them, so each is executed and its effect checked where no MongoDB server is at hand.
 * These files send every one of them (an order settled, moved, cancelled and deleted when
 * stock is short; stock taken, given back, sold and restocked; items cancelled and returned; an
 * e-mail's try taken over from an instance that stopped). One process, so the engine's lack of
 * atomicity across processes does not matter here. docs/decisions/016-fuzz-and-the-mongodb-path.md
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'test/orders/checkout.spec.ts',
      'test/orders/order-lifecycle.spec.ts',
      'test/orders/refunds-and-returns.spec.ts',
      'test/notifications/order-mail.spec.ts',
    ],
    env: { DATABASE_STRATEGY: 'mongodb' },
  },
});
