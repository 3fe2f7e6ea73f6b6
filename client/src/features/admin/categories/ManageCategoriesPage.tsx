import { Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import { TableHead } from '../../../components/TableHead';
import { useCategoriesQuery } from '../../../gql/hooks';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useUpdateCategoryMutation,
} from '../../../gql/admin-hooks';
import type { CategoriesQuery } from '../../../gql/graphql';
import { notifyOutcome, notifySuccess } from '../../../lib/notify';
import { CategoryForm, type CategoryNames } from './CategoryForm';
import { WORDS } from '../../../lib/messages';

type Category = CategoriesQuery['categories'][number];

export default function ManageCategoriesPage() {
  const query = useCategoriesQuery({ fetchPolicy: 'cache-and-network' });
  const { data } = query;
  const refetchQueries = ['Categories'];
  const [create, creating] = useCreateCategoryMutation({ refetchQueries });
  const [update, updating] = useUpdateCategoryMutation({ refetchQueries });
  const [remove] = useDeleteCategoryMutation({ refetchQueries });
  const [editing, setEditing] = useState<Category | null>(null);
  /** The category the admin asked to delete, until they confirm or cancel. */
  const [deleting, setDeleting] = useState<Category | null>(null);

  // A refusal is the form's to show, beside its field.
  const add = async ({ name, nameHi }: CategoryNames) => {
    const { data } = await create({ variables: { input: { name, ...(nameHi && { nameHi }) } } });
    notifySuccess(`${data?.createCategory.name ?? name} is created`);
  };

  // The Hindi name is sent only when changed: left out, the server keeps it.
  const rename = async ({ name, nameHi }: CategoryNames) => {
    if (!editing) return;
    const changed = nameHi !== (editing.nameHi ?? '');
    const input = { name, ...(changed && { nameHi }) };
    const { data } = await update({ variables: { id: editing.id, input } });
    notifySuccess(`${data?.updateCategory.name ?? name} is renamed`);
    setEditing(null);
  };

  const destroy = async (category: Category) => {
    setDeleting(null);
    await notifyOutcome(
      () => remove({ variables: { id: category.id } }),
      `${category.name} is deleted`,
      'Something went wrong while deleting the category',
    );
  };

  return (
    <Page title="Manage Category">
      <Title order={2} mb="md">
        Manage Category
      </Title>
      <Paper withBorder p="md" mb="lg" maw={520}>
        <CategoryForm
          submitting={creating.loading}
          onSubmit={add}
          failure="Something went wrong while adding the category"
        />
      </Paper>
      <LoadStatus of={query} failure={WORDS.categoriesNotLoaded} />
      {data && (
        <Table striped maw={720}>
          <TableHead columns={['Name', 'In Hindi', 'Actions']} />
          <Table.Tbody>
            {data.categories.map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>{category.name}</Table.Td>
                <Table.Td lang="hi">{category.nameHi}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" onClick={() => setEditing(category)}>
                      Edit
                    </Button>
                    <Button size="xs" color="red" onClick={() => setDeleting(category)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* Deleting cannot be undone: the admin confirms it first. */}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete category">
        {deleting && (
          <Stack>
            <Text>Delete “{deleting.name}”? This cannot be undone.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button color="red" onClick={() => destroy(deleting)}>
                Delete {deleting.name}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit category">
        {editing && (
          <CategoryForm
            key={editing.id}
            initial={{ name: editing.name, nameHi: editing.nameHi ?? '' }}
            submitting={updating.loading}
            onSubmit={rename}
            failure="Something went wrong while renaming the category"
          />
        )}
      </Modal>
    </Page>
  );
}
