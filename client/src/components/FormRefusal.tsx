import { Alert } from '@mantine/core';

/** A form's refusal that names none of its fields (a wrong password, no network), inside it. */
export function FormRefusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-refusal">
      {message}
    </Alert>
  );
}
