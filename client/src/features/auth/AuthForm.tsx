import { Button, Paper, Stack, Title } from '@mantine/core';
import { FormEventHandler, ReactNode, Ref } from 'react';
import { FormRefusal } from '../../components/FormRefusal';

interface AuthFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  /** The form's submit handler, e.g. `form.onSubmit(...)` of Mantine's useForm. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  footer?: ReactNode;
  /** The form element, for moving the focus to the first field in error (useFormErrors). */
  formRef?: Ref<HTMLFormElement>;
  /** A refusal naming none of the form's fields, shown in the form above its button. */
  refusal?: string | null;
}

/**
 * The centred card the register, login and reset forms share. The forms check their fields
 * themselves (noValidate), showing each error beside its field.
 */
export function AuthForm({
  title,
  submitLabel,
  submitting,
  onSubmit,
  children,
  footer,
  formRef,
  refusal = null,
}: AuthFormProps) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xl"
      maw={420}
      mx="auto"
      my="xl"
      component="form"
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack>
        <Title order={2} ta="center">
          {title}
        </Title>
        {children}
        {footer}
        <FormRefusal message={refusal} />
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
