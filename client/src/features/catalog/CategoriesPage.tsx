import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import { useCategoriesQuery } from '../../gql/hooks';
import { inShopLanguage } from '../../lib/i18n';
import { categoryPath } from '../../lib/routes';
import { WORDS } from '../../lib/messages';

export default function CategoriesPage() {
  const { t } = useLingui();
  const query = useCategoriesQuery();
  const { data } = query;
  return (
    <Page title={t`All Categories`}>
      <Title order={2} mb="md">
        <Trans>All Categories</Trans>
      </Title>
      <LoadStatus of={query} failure={WORDS.categoriesNotLoaded} />
      <SimpleGrid cols={2} spacing="md">
        {data?.categories.map((category) => (
          <Button
            key={category.id}
            component={Link}
            to={categoryPath(category.slug)}
            size="lg"
            variant="light"
          >
            {inShopLanguage(category.name, category.nameHi)}
          </Button>
        ))}
      </SimpleGrid>
    </Page>
  );
}
