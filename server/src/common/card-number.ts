/** The card number's rules, written once for the server and the checkout form (shared/form-rules.ts). */
export { isCardNumber, passesLuhn } from '../shared/form-rules';
