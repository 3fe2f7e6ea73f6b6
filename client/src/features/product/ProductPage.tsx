import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { DeliveryCheck } from '../../components/DeliveryCheck';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ProductCard } from '../../components/ProductCard';
import { WishlistButton } from '../../components/WishlistButton';
import { useProductDetailsQuery, useSimilarProductsQuery } from '../../gql/hooks';
import { NotFoundPage } from '../../components/NotFoundPage';
import { ProductGallery } from './ProductGallery';
import type { ProductDetailsFieldsFragment } from '../../gql/graphql';
import { ProductPurchase } from './ProductPurchase';
import { ProductReturns } from './ProductReturns';
import { ProductReviews } from './ProductReviews';
import { RatingStars } from '../../components/RatingStars';
import { useVariantChoice } from './use-variant-choice';

export const SIMILAR_EXCERPT = 30;

function SimilarProducts({ productId }: { productId: string }) {
  const { data, loading } = useSimilarProductsQuery({ variables: { productId } });
  if (loading && !data) return <Loading />;
  const products = data?.relatedProducts ?? [];
  if (products.length === 0) return <Text ta="center">No Similar Products found</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} excerptLength={SIMILAR_EXCERPT} compact />
      ))}
    </SimpleGrid>
  );
}

/** The gallery, turned to the photo of the variant chosen when it has one of its own. */
function GalleryOfChoice({ product }: { product: ProductDetailsFieldsFragment }) {
  const { variant } = useVariantChoice(product);
  return <ProductGallery product={product} showing={variant?.photoHash ?? null} />;
}

export default function ProductPage() {
  const { slug = '' } = useParams();
  const { data, loading } = useProductDetailsQuery({ variables: { slug } });
  const product = data?.product;

  if (loading && !data) return <Loading />;
  if (!product) return <NotFoundPage />;
  return (
    <Page title={product.name} description={product.description.slice(0, 150)}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <GalleryOfChoice key={product.id} product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="xs">
            <Title order={1} size="h2">
              Product Details
            </Title>
            <Text>
              <b>Name :</b> {product.name}
            </Text>
            <RatingStars rating={product.rating} />
            <Text>
              <b>Description :</b> {product.description}
            </Text>
            <Text>
              <b>Category :</b> {product.category?.name}
            </Text>
            <ProductPurchase product={product} />
            <WishlistButton product={product} withLabel />
            <DeliveryCheck />
            <ProductReturns product={product} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ProductReviews key={product.id} product={product} />
      <Title order={2} size="h3" mt="xl" mb="md">
        Similar Products
      </Title>
      <SimilarProducts productId={product.id} />
    </Page>
  );
}
