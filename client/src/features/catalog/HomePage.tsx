import { useLingui } from '@lingui/react/macro';
import { Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Page } from '../../components/Page';
import { useCategoriesQuery } from '../../gql/hooks';
import { homeHeading } from './headings';
import { CatalogueBrowser } from './CatalogueBrowser';

// The banners' code comes apart from the first download (the home route's budget), asked for as
// soon as this page's code runs, so it arrives alongside the products rather than after them.
const bannersCode = import('./HomeBanners');
const HomeBanners = lazy(() => bannersCode);
import { useCatalogue, useCatalogueView } from './useCatalogueView';

export default function HomePage() {
  const { t } = useLingui();
  const viewState = useCatalogueView();
  const catalogue = useCatalogue(viewState.view);
  // The header's list, from the Apollo cache: the heading names the categories ticked.
  const { data } = useCategoriesQuery();

  return (
    <Page>
      <Suspense fallback={null}>
        <HomeBanners />
      </Suspense>
      <CatalogueBrowser
        viewState={viewState}
        catalogue={catalogue}
        byCategory
        heading={
          <Title order={2} ta="center" mb="md">
            {homeHeading(viewState.view.categories, data?.categories ?? [])}
          </Title>
        }
        empty={t`No products match these filters.`}
      />
    </Page>
  );
}
