import type { HomeBannerChange } from '../campaigns';

/**
 * The demo shop's home banners: a sale and the new arrivals, each leading to its category,
 * and the first-order coupon (FIRST100), which the cart applies. Colours contrast at least
 * 4.5:1 (the rule the banners are held to).
 */
export const DEMO_BANNERS: HomeBannerChange[] = [
  {
    title: 'Festive Sale',
    text: 'Up to 40% off headphones, speakers and smart watches',
    buttonLabel: 'Shop now',
    background: '#7a1f1f',
    textColour: '#ffffff',
    link: { kind: 'CATEGORY', category: 'electronics' },
  },
  {
    title: 'New arrivals',
    text: 'Kurtas, sarees and shoes for the season',
    buttonLabel: 'Explore',
    background: '#fdf1d6',
    textColour: '#3b2a12',
    link: { kind: 'CATEGORY', category: 'fashion' },
  },
  {
    title: 'Rs 100 off your first order',
    text: 'Use the code FIRST100 at checkout',
    buttonLabel: 'Use FIRST100',
    background: '#0f4c5c',
    textColour: '#ffffff',
    link: { kind: 'COUPON', coupon: 'FIRST100' },
  },
];
