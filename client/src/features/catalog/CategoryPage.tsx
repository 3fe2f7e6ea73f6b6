import { useLingui } from '@lingui/react/macro';
import { Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { useCategoryPageQuery } from '../../gql/hooks';
import { asShown } from '../../lib/i18n';
import { CatalogueBrowser } from './CatalogueBrowser';
import { productsFound } from './headings';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function CategoryPage() {
  const { t } = useLingui();
  const { slug = '' } = useParams();
  const { data, loading } = useCategoryPageQuery({ variables: { slug } });
  const category = data?.category && asShown(data.category);
  const viewState = useCatalogueView();
  // The category is the page's own: the view's categories are not asked for here.
  const catalogue = useCatalogue(
    { ...viewState.view, categories: [] },
    { categoryId: category?.id, skip: !category },
  );

  if (loading) return <Loading />;
  if (!category) return <NotFoundPage />;
  const { total } = catalogue;
  return (
    <Page title={category.name}>
      <Title order={2} ta="center">
        {category.name}
      </Title>
      {/* No count until the view's products arrive: the total is 0 until then. */}
      {!catalogue.loading && (
        <Text ta="center" mb="md">
          {productsFound(total)}
        </Text>
      )}
      <CatalogueBrowser
        viewState={viewState}
        catalogue={catalogue}
        empty={t`No products in this category match these filters.`}
      />
    </Page>
  );
}
