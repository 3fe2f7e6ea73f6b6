import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@shop/rules';
import { FormRefusal } from '../../../components/FormRefusal';
import { useFormErrors } from '../../../lib/form-errors';
import { fieldRefusal } from '../../../lib/notify';

/** A category's names: English, and Hindi for the storefront's Hindi pages ('' for none). */
export interface CategoryNames {
  name: string;
  nameHi: string;
}

interface CategoryFormProps {
  initial?: CategoryNames;
  submitting: boolean;
  /** Saves the names; a refusal it throws is shown beside its field (the form empties on success). */
  onSubmit(names: CategoryNames): Promise<unknown>;
  /** Said in the form when saving fails with no word from the server (no network). */
  failure: string;
}

/**
 * The form used to add a category and, in the edit dialog, to rename one: its name, and its
 * name in Hindi if the shop gives one. No checks of its own (the spec's): the server's refusal
 * (a name in use) is shown beside the field it names, the name's unless it names the other.
 */
export function CategoryForm({
  initial = { name: '', nameHi: '' },
  submitting,
  onSubmit,
  failure,
}: CategoryFormProps) {
  const form = useForm({ initialValues: initial });
  const { attach, refusal, alert, focus } = useFormErrors(form);
  const submit = form.onSubmit(async (names) => {
    alert(null);
    try {
      await onSubmit(names);
    } catch (error) {
      const { field, message } = fieldRefusal(error, failure);
      if (field === 'nameHi') form.setFieldError('nameHi', message);
      else if (field === 'name' || message !== failure) form.setFieldError('name', message);
      else alert(message);
      return focus();
    }
    form.setValues({ name: '', nameHi: '' });
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
          <TextInput
            aria-label="Hindi name of the category"
            placeholder="In Hindi (optional)"
            lang="hi"
            maxLength={TEXT_LIMITS.name}
            style={{ flex: 1 }}
            {...form.getInputProps('nameHi')}
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
