import { Button, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useCategoriesQuery } from '../../gql/hooks';
import { categoryPath } from '../../lib/routes';

export default function CategoriesPage() {
  const { data, loading } = useCategoriesQuery();
  return (
    <Page title="All Categories">
      <Title order={2} mb="md">
        All Categories
      </Title>
      {loading && !data && <Loading />}
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
