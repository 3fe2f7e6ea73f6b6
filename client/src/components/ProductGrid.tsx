import { SimpleGrid } from '@mantine/core';
import type { CartProduct } from '../session/cart';
import { ProductCard } from './ProductCard';

interface ProductGridProps {
  products: CartProduct[];
  /** Words to mark in names and descriptions (a search's matches). */
  highlight?: string[];
}

/** The most cards in a row (the widest columns below): their photos are fetched first. */
const FIRST_ROW = 3;

export function ProductGrid({ products, highlight }: ProductGridProps) {
  return (
    // Two columns from the narrowest phone up: a shopper sees four products a screen, not one.
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
      {products.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          highlight={highlight}
          priority={index < FIRST_ROW}
        />
      ))}
    </SimpleGrid>
  );
}
