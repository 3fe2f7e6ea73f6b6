import config from '../../../shop.config.json';

/** Brand, contact details and page texts, from the one configuration file at the root. */
export const shop = config;

export const defaultTitle = `${shop.brand} - ${shop.tagline}`;
