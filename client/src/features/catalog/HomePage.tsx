import { Image, SimpleGrid, Title } from '@mantine/core';
import { Page } from '../../components/Page';
import { CatalogueBrowser } from './CatalogueBrowser';
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function HomePage() {
  const viewState = useCatalogueView();
  const catalogue = useCatalogue(viewState.view);

  return (
    <Page>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <Image
          src="/banners/festive-sale.svg"
          alt="Festive sale: up to 40% off electronics"
          radius="md"
        />
        <Image src="/banners/new-arrivals.svg" alt="New arrivals in fashion and home" radius="md" />
      </SimpleGrid>
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
