import { Group, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';

/** What a rating says in words, to screen readers and beside the stars. */
export function ratedText(average: number, count: number): string {
  const score = average.toFixed(1);
  return plural(count, {
    one: `Rated ${score} out of 5 by # shopper`,
    other: `Rated ${score} out of 5 by # shoppers`,
  });
}

interface RatingStarsProps {
  rating: { average: number; count: number } | null | undefined;
  size?: 'xs' | 'sm' | 'md';
}

/** Font sizes of the stars, as Mantine's text sizes. */
const STAR_SIZE = {
  xs: 'var(--mantine-font-size-xs)',
  sm: 'var(--mantine-font-size-sm)',
  md: 'var(--mantine-font-size-md)',
};

/**
 * Five stars filled to the average, drawn with text and a clip rather than Mantine's Rating
 * input: cards show them on the home page, whose first download has a budget.
 */
function Stars({ average, size }: { average: number; size: keyof typeof STAR_SIZE }) {
  const filled = `${(Math.min(Math.max(average, 0), 5) / 5) * 100}%`;
  return (
    <span
      aria-hidden
      style={{
        position: 'relative',
        display: 'inline-block',
        fontSize: STAR_SIZE[size],
        lineHeight: 1,
        letterSpacing: '0.1em',
        color: 'var(--mantine-color-gray-4)',
      }}
    >
      ★★★★★
      <span
        style={{
          position: 'absolute',
          inset: 0,
          width: filled,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          color: 'var(--mantine-color-yellow-6)',
        }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/**
 * A product's average as stars with its count beside them, read out as one sentence
 * (ratedText); nothing before its first review.
 */
export function RatingStars({ rating, size = 'sm' }: RatingStarsProps) {
  if (!rating || rating.count === 0) return null;
  const { average, count } = rating;
  return (
    <Group gap={6} role="img" aria-label={ratedText(average, count)} data-testid="rating-stars">
      <Stars average={average} size={size} />
      <Text size={size} c="dimmed" aria-hidden>
        {average.toFixed(1)} ({count})
      </Text>
    </Group>
  );
}
