import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@shop/rules';
import { FormRefusal } from '../../../components/FormRefusal';
import { useFormErrors } from '../../../lib/form-errors';
import { fieldRefusal } from '../../../lib/notify';

interface CategoryFormProps {
  initialName?: string;
  submitting: boolean;
  /** Saves the name; a refusal it throws is shown beside the field (the form empties on success). */
  onSubmit(name: string): Promise<unknown>;
  /** Said in the form when saving fails with no word from the server (no network). */
  failure: string;
}

/**
 * The one-field form used to add a category and, in the edit dialog, to rename one. No checks of
 * its own (the spec's): the server's refusal (a name in use) is shown beside the field.
 */
export function CategoryForm({
  initialName = '',
  submitting,
  onSubmit,
  failure,
}: CategoryFormProps) {
  const form = useForm({ initialValues: { name: initialName } });
  const { attach, refusal, alert, focus } = useFormErrors(form);
  const submit = form.onSubmit(async ({ name }) => {
    alert(null);
    try {
      await onSubmit(name);
    } catch (error) {
      const { field, message } = fieldRefusal(error, failure);
      // The form has one field: what the server says is about it; anything else in the form.
      if (field === 'name' || message !== failure) form.setFieldError('name', message);
      else alert(message);
      return focus();
    }
    form.setFieldValue('name', '');
  });
  return (
    <form onSubmit={submit} ref={attach} noValidate>
      <Stack gap="xs">
        <Group align="flex-start">
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
        <FormRefusal message={refusal} />
      </Stack>
    </form>
  );
}
