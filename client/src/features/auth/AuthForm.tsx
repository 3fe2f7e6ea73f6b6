import { Button, Paper, Stack, Title } from '@mantine/core';
import { FormEventHandler, ReactNode } from 'react';

interface AuthFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  /** The form's submit handler, e.g. `form.onSubmit(...)` of Mantine's useForm. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the register, login and reset forms share. */
export function AuthForm({
  title,
  submitLabel,
  submitting,
  onSubmit,
  children,
  footer,
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
      onSubmit={onSubmit}
    >
      <Stack>
        <Title order={2} ta="center">
          {title}
        </Title>
        {children}
        {footer}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
