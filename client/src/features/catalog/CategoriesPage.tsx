import { Button, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import { useCategoriesQuery } from '../../gql/hooks';
import { categoryPath } from '../../lib/routes';
import { CATEGORIES_NOT_LOADED } from '../../lib/messages';

export default function CategoriesPage() {
  const query = useCategoriesQuery();
  const { data } = query;
  return (
    <Page title="All Categories">
      <Title order={2} mb="md">
        All Categories
      </Title>
      <LoadStatus of={query} failure={CATEGORIES_NOT_LOADED} />
      <SimpleGrid cols={2} spacing="md">
        {data?.categories.map((category) => (
          <Button
            key={category.id}
            component={Link}
            to={categoryPath(category.slug)}
            size="lg"
            variant="light"
          >
            {category.name}
          </Button>
        ))}
      </SimpleGrid>
    </Page>
  );
}
