import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@shop/rules';

interface CategoryFormProps {
  initialName?: string;
  submitting: boolean;
  /** Answers whether the name was taken, so the field can be emptied. */
  onSubmit(name: string): Promise<boolean>;
}

/** The one-field form used to add a category and, in the edit dialog, to rename one. */
export function CategoryForm({ initialName = '', submitting, onSubmit }: CategoryFormProps) {
  const form = useForm({ initialValues: { name: initialName } });
  const submit = form.onSubmit(async ({ name }) => {
    if (await onSubmit(name)) form.setFieldValue('name', '');
  });
  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <TextInput
          aria-label="Category name"
          placeholder="Enter new category"
          maxLength={TEXT_LIMITS.name}
          style={{ flex: 1 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" loading={submitting}>
          Submit
        </Button>
      </Group>
    </form>
  );
}
