import { plural, t } from '@lingui/core/macro';
import { REVIEW_RULES } from '@shop/rules';

/** What the product page's reviews say, written once, in the language spoken now. */
export function reviewWords() {
  const atMost = (max: number) => t`At most ${max} characters`;
  return {
    heading: t`Ratings and reviews`,
    none: t`No reviews yet.`,
    formTitle: t`Your review`,
    write: t`Post review`,
    edit: t`Update review`,
    saved: t`Thank you: your review is saved`,
    hiddenNote: t`The shop has hidden your review: only you see it.`,
    rating: t`Your rating`,
    ratingRequired: t`Choose from 1 to 5 stars`,
    title: t`Title (optional)`,
    text: t`Your review (optional)`,
    titleTooLong: atMost(REVIEW_RULES.title.maxLength),
    textTooLong: atMost(REVIEW_RULES.text.maxLength),
    breakdown: t`Reviews by stars`,
  };
}

/** "1 star", "4 stars": a rating's stars, as a rating's symbol is named. */
export function starsInWords(stars: number): string {
  return plural(stars, { one: '# star', other: '# stars' });
}

/** "5 stars: 3 reviews", as a breakdown row reads. */
export function starsRow(stars: number, count: number): string {
  const reviews = plural(count, { one: '# review', other: '# reviews' });
  return plural(stars, { one: `# star: ${reviews}`, other: `# stars: ${reviews}` });
}
