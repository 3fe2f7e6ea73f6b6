import { Button, Paper, Stack, Title } from '@mantine/core';
import { FormEvent, ReactNode } from 'react';

interface AuthFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit(): void;
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xl"
      maw={420}
      mx="auto"
      my="xl"
      component="form"
      onSubmit={submit}
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
