import config from '../../../shop.config.json';
import { inShopLanguage } from './i18n';

/** Brand, contact details and page texts, from the one configuration file at the root. */
export const shop = config;

/** The shop's title, for a page without its own, in the storefront's language. */
export const defaultTitle = (): string =>
  `${shop.brand} - ${inShopLanguage(shop.tagline, shop.taglineHi)}`;

/** The shop's description, for a page without its own, in the storefront's language. */
export const shopDescription = (): string => inShopLanguage(shop.description, shop.descriptionHi);
