import type { DemoReview } from '../reviews';

/**
 * The demo shop's reviews, by product name: a few products rated, so the cards, the product
 * pages and the 'Top rated' sort have something to show. Reviewers are named, without accounts.
 */
export const DEMO_REVIEWS: Record<string, DemoReview[]> = {
  'Cotton Kurta Set for Men': [
    {
      author: 'Rahul M.',
      rating: 5,
      title: 'Comfortable in the heat',
      text: 'Soft cotton that breathes well. Wore it to a wedding in May and stayed cool.',
      daysAgo: 3,
    },
    {
      author: 'Sneha K.',
      rating: 4,
      title: 'Good fit, colour as shown',
      text: 'Bought it for my husband. True to size; the pyjama runs a little long.',
      daysAgo: 9,
    },
    {
      author: 'Arjun P.',
      rating: 4,
      title: '',
      text: 'Nice stitching. Wash it in cold water the first time.',
      daysAgo: 21,
    },
  ],
  'Wings of Fire by A. P. J. Abdul Kalam': [
    {
      author: 'Meera I.',
      rating: 5,
      title: 'A must-read',
      text: 'Inspiring from the first page. Gifted a copy to my nephew too.',
      daysAgo: 5,
    },
    {
      author: 'Vikas S.',
      rating: 5,
      title: 'Well packed',
      text: 'Arrived in two days without a crease.',
      daysAgo: 14,
    },
  ],
  'boAt Rockerz 450 Bluetooth Headphones': [
    {
      author: 'Kiran D.',
      rating: 4,
      title: 'Great bass for the price',
      text: 'Battery lasts me a week of commuting. The ear cups get warm after an hour.',
      daysAgo: 2,
    },
    {
      author: 'Fatima S.',
      rating: 3,
      title: 'Decent',
      text: 'Sound is fine; the microphone is weak on calls.',
      daysAgo: 30,
    },
  ],
  'Pigeon Amaze Plus Electric Kettle 1.5 Litre': [
    {
      author: 'Lakshmi R.',
      rating: 5,
      title: 'Boils fast',
      text: 'Water for chai in under three minutes. Auto shut-off works every time.',
      daysAgo: 7,
    },
  ],
};
