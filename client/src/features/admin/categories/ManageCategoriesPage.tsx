import { Alert, Button, Group, Modal, Paper, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import {
  useCategoriesQuery,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useUpdateCategoryMutation,
} from '../../../gql/hooks';
import type { CategoriesQuery } from '../../../gql/graphql';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { CategoryForm } from './CategoryForm';

type Category = CategoriesQuery['categories'][number];

export default function ManageCategoriesPage() {
  const { data, loading, error } = useCategoriesQuery({ fetchPolicy: 'cache-and-network' });
  const refetchQueries = ['Categories'];
  const [create, creating] = useCreateCategoryMutation({ refetchQueries });
  const [update, updating] = useUpdateCategoryMutation({ refetchQueries });
  const [remove] = useDeleteCategoryMutation({ refetchQueries });
  const [editing, setEditing] = useState<Category | null>(null);

  const add = async (name: string) => {
    try {
      const result = await create({ variables: { input: { name } } });
      notifySuccess(`${result.data?.createCategory.name ?? name} is created`);
      return true;
    } catch (failure) {
      notifyError(errorMessage(failure, 'Something went wrong in input form'));
      return false;
    }
  };

  const rename = async (name: string) => {
    if (!editing) return false;
    try {
      const result = await update({ variables: { id: editing.id, input: { name } } });
      notifySuccess(`${result.data?.updateCategory.name ?? name} is created`);
      setEditing(null);
      return true;
    } catch (failure) {
      notifyError(errorMessage(failure, 'Something went wrong while editing in category'));
      return false;
    }
  };

  const destroy = async (category: Category) => {
    try {
      await remove({ variables: { id: category.id } });
      notifySuccess(`${category.name} is deleted`);
    } catch (failure) {
      notifyError(errorMessage(failure, 'Something went wrong while deleting in category'));
    }
  };

  return (
    <Page title="Manage Category">
      <Title order={2} mb="md">
        Manage Category
      </Title>
      <Paper withBorder p="md" mb="lg" maw={520}>
        <CategoryForm submitting={creating.loading} onSubmit={add} />
      </Paper>
      {loading && !data && <Loading />}
      {error && !data && <Alert color="red">Something in getting category</Alert>}
      {data && (
        <Table striped maw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.categories.map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" onClick={() => setEditing(category)}>
                      Edit
                    </Button>
                    <Button size="xs" color="red" onClick={() => destroy(category)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit category">
        {editing && (
          <CategoryForm
            key={editing.id}
            initialName={editing.name}
            submitting={updating.loading}
            onSubmit={rename}
          />
        )}
      </Modal>
    </Page>
  );
}
