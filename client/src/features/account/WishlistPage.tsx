import { Anchor, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import { ProductGrid } from '../../components/ProductGrid';
import { useWishlistQuery } from '../../gql/account-hooks';
import { WISHLIST } from '../../lib/messages';
import { paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';
import { useWishlist } from '../../session/wishlist';

/**
 * The products the shopper hearted, newest first, as cards: a heart pressed again takes one
 * off, and the page drops it at once (the hearts are the wishlist's, the cards the server's).
 */
export default function WishlistPage() {
  const { auth } = useAuth();
  const { t } = useLingui();
  const wishlist = useWishlist();
  const query = useWishlistQuery({ skip: !auth?.token, fetchPolicy: 'cache-and-network' });
  const held = new Set(wishlist.ids);
  const products = (query.data?.wishlist ?? []).filter(
    (product) => wishlist.loading || held.has(product.id),
  );

  return (
    <Page title={WISHLIST.title}>
      <Title order={2} mb="md">
        {WISHLIST.title}
      </Title>
      <LoadStatus of={query} failure={t`Your wishlist could not be loaded. Please try again.`} />
      {query.data && products.length === 0 && (
        <Text>
          <Trans>
            Your wishlist is empty. Press the heart on a product to keep it here.{' '}
            <Anchor component={Link} to={paths.home}>
              Browse the shop
            </Anchor>
          </Trans>
        </Text>
      )}
      <ProductGrid products={products} />
    </Page>
  );
}
