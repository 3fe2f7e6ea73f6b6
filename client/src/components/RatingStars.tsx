import { Group, Rating, Text } from '@mantine/core';

/** What a rating says in words, to screen readers and beside the stars. */
export const ratedText = (average: number, count: number): string =>
  `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`;

interface RatingStarsProps {
  rating: { average: number; count: number } | null | undefined;
  size?: 'xs' | 'sm' | 'md';
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
      <Rating value={average} fractions={10} readOnly size={size} aria-hidden />
      <Text size={size} c="dimmed" aria-hidden>
        {average.toFixed(1)} ({count})
      </Text>
    </Group>
  );
}
