import { SimpleGrid } from '@mantine/core';
import type { CartProduct } from '../session/cart';
import { ProductCard } from './ProductCard';

interface ProductGridProps {
  products: CartProduct[];
  /** Words to mark in names and descriptions (a search's matches). */
  highlight?: string[];
}

export function ProductGrid({ products, highlight }: ProductGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} highlight={highlight} />
      ))}
    </SimpleGrid>
  );
}
