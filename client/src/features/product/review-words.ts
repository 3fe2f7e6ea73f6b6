import { REVIEW_RULES } from '@shop/rules';

/** What the product page's reviews say, written once. */
export const REVIEW_WORDS = {
  heading: 'Ratings and reviews',
  none: 'No reviews yet.',
  formTitle: 'Your review',
  write: 'Post review',
  edit: 'Update review',
  saved: 'Thank you: your review is saved',
  hiddenNote: 'The shop has hidden your review: only you see it.',
  rating: 'Your rating',
  ratingRequired: 'Choose from 1 to 5 stars',
  title: 'Title (optional)',
  text: 'Your review (optional)',
  titleTooLong: `At most ${REVIEW_RULES.title.maxLength} characters`,
  textTooLong: `At most ${REVIEW_RULES.text.maxLength} characters`,
  breakdown: 'Reviews by stars',
};

/** "5 stars: 3 reviews", as a breakdown row reads. */
export const starsRow = (stars: number, count: number) =>
  `${stars} ${stars === 1 ? 'star' : 'stars'}: ${count} ${count === 1 ? 'review' : 'reviews'}`;
