// What the app may use of the demo gateway (the boundary lint holds it to this file).
export { DemoGatewayModule } from './demo-gateway.module';
export {
  CARD_DECLINED,
  DEMO_GATEWAY_CARDS,
  DEMO_PAYEE,
  payerPagePath,
  TEST_CARDS_ONLY,
} from './demo-gateway.service';
export { RETRY_DELAYS_MS } from './demo-webhooks';
