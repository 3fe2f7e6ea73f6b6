import { Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { HomeBanners } from './HomeBanners';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function HomePage() {
  const viewState = useCatalogueView();
  const catalogue = useCatalogue(viewState.view);

  return (
    <Page>
      <HomeBanners />
      <CatalogueBrowser
        viewState={viewState}
        catalogue={catalogue}
        byCategory
        heading={
          <Title order={2} ta="center" mb="md">
            All Products
          </Title>
        }
        empty="No products match these filters."
      />
    </Page>
  );
}
