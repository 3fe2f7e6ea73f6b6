import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Divider, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
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
import { asShown } from '../../lib/i18n';
import { categoryPath, paths } from '../../lib/routes';

export const SIMILAR_EXCERPT = 30;

function SimilarProducts({ productId }: { productId: string }) {
  const { data, loading } = useSimilarProductsQuery({ variables: { productId } });
  if (loading && !data) return <Loading />;
  const products = data?.relatedProducts ?? [];
  if (products.length === 0)
    return (
      <Text ta="center">
        <Trans>No Similar Products found</Trans>
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }}>
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

/** Home › Category › the product: where it sits in the shop, its category a link. */
function ProductBreadcrumb({ product }: { product: ProductDetailsFieldsFragment }) {
  const { t } = useLingui();
  return (
    <Breadcrumbs
      component="nav"
      aria-label={t`Breadcrumb`}
      separator="›"
      mb="md"
      fz="sm"
      styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
    >
      <Anchor component={Link} to={paths.home}>
        <Trans>Home</Trans>
      </Anchor>
      {product.category && (
        <Anchor component={Link} to={categoryPath(product.category.slug)}>
          {product.category.name}
        </Anchor>
      )}
      <Text span fz="sm" c="dimmed" aria-current="page" lineClamp={1}>
        {product.name}
      </Text>
    </Breadcrumbs>
  );
}

/**
 * A product's page, laid out as good shops lay theirs out: the photos beside (on a phone,
 * above) the name, rating, price, options, stock, quantity and the buttons, then delivery,
 * returns and the description with its line breaks kept; reviews and similar products below.
 */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const { data, loading } = useProductDetailsQuery({ variables: { slug } });
  // Its name, description and category's name in the storefront's language, for every part.
  const product = data?.product && asShown(data.product);

  if (loading && !data) return <Loading />;
  if (!product) return <NotFoundPage />;
  return (
    <Page title={product.name} description={product.description.slice(0, 150)}>
      <ProductBreadcrumb product={product} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <GalleryOfChoice key={product.id} product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {product.name}
              </Title>
              <RatingStars rating={product.rating} />
            </div>
            <ProductPurchase product={product} />
            <WishlistButton product={product} withLabel />
            <Divider />
            <DeliveryCheck />
            <ProductReturns product={product} />
            <Divider />
            <section aria-labelledby="product-description">
              <Title order={2} size="h4" id="product-description" mb="xs">
                <Trans>Description</Trans>
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }} data-testid="product-description">
                {product.description}
              </Text>
            </section>
          </Stack>
        </Grid.Col>
      </Grid>
      <ProductReviews key={product.id} product={product} />
      <Title order={2} size="h3" mt="xl" mb="md">
        <Trans>Similar Products</Trans>
      </Title>
      <SimilarProducts productId={product.id} />
    </Page>
  );
}
