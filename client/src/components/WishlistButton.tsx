import { Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import { WISHLIST } from '../lib/messages';
import { useWishlist, WishedProduct } from '../session/wishlist';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="1.1em"
      height="1.1em"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

interface WishlistButtonProps {
  product: WishedProduct;
  /** On a product's page: the heart with the word beside it; else the heart alone, in a card's corner. */
  withLabel?: boolean;
}

/**
 * The heart that adds a product to the wishlist, or takes it off: pressed while the product is
 * held. Its name says what a press does ("Add Kurta to wishlist"). A press never follows a
 * link it may sit in (a card's).
 */
export function WishlistButton({ product, withLabel = false }: WishlistButtonProps) {
  const { has, toggle } = useWishlist();
  const held = has(product.id);
  const label = held ? WISHLIST.remove(product.name) : WISHLIST.add(product.name);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void toggle(product);
  };
  const common = {
    'aria-label': label,
    'aria-pressed': held,
    title: label,
    variant: 'default',
    c: 'red.9',
    onClick,
  } as const;
  if (withLabel) {
    return (
      <Button {...common} leftSection={<Heart filled={held} />} w="fit-content">
        {WISHLIST.title}
      </Button>
    );
  }
  return (
    // In the top corner of the card it is on, over its photo. A round Button rather than an
    // ActionIcon: the home page's first download holds Button already.
    <Button
      {...common}
      radius="xl"
      size="compact-md"
      w={34}
      h={34}
      p={0}
      pos="absolute"
      top={8}
      right={8}
    >
      <Heart filled={held} />
    </Button>
  );
}
