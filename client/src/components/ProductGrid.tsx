import { SimpleGrid } from '@mantine/core';
import type { CartProduct } from '../session/cart';
import { ProductCard } from './ProductCard';

export function ProductGrid({ products }: { products: CartProduct[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </SimpleGrid>
  );
}
