/** The card number's rules, written once for the server and the checkout form (shared/rules.ts). */
export { isCardNumber, passesLuhn } from '../shared/rules';
