import { Trans } from '@lingui/react/macro';
import { Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { ProductGrid } from '../../components/ProductGrid';
import { useBannerCollectionQuery } from '../../gql/hooks';

/** The products a home banner chose, in its order, under its title. */
export default function CollectionPage() {
  const { id = '' } = useParams();
  const { data, loading } = useBannerCollectionQuery({ variables: { id } });
  if (loading) return <Loading />;
  const collection = data?.bannerCollection;
  if (!collection) return <NotFoundPage />;
  const { banner, products } = collection;
  return (
    <Page title={banner.title}>
      <Title order={2} ta="center">
        {banner.title}
      </Title>
      {banner.text && (
        <Text ta="center" mb="md">
          {banner.text}
        </Text>
      )}
      {products.length === 0 && (
        <Text ta="center" c="dimmed">
          <Trans>These products are no longer sold.</Trans>
        </Text>
      )}
      <ProductGrid products={products} />
    </Page>
  );
}
