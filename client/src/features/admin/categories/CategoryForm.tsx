import { Button, Group, TextInput } from '@mantine/core';
import { FormEvent, useState } from 'react';

interface CategoryFormProps {
  initialName?: string;
  submitting: boolean;
  onSubmit(name: string): Promise<boolean>;
}

/** The one-field form used to add a category and, in the edit dialog, to rename one. */
export function CategoryForm({ initialName = '', submitting, onSubmit }: CategoryFormProps) {
  const [name, setName] = useState(initialName);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(name)) setName('');
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <TextInput
          aria-label="Category name"
          placeholder="Enter new category"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={submitting}>
          Submit
        </Button>
      </Group>
    </form>
  );
}
