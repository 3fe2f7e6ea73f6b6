import { ChangeEvent, useCallback, useState } from 'react';

/**
 * Text fields of a form kept in one state object: `field('email')` gives the value and
 * change handler (and `required` when every field is) to spread onto an input.
 */
export function useFormFields<T extends Record<string, string>>(
  initial: T,
  { required = false } = {},
) {
  const [values, setValues] = useState(initial);
  const field = useCallback(
    (name: keyof T) => ({
      value: values[name],
      ...(required && { required }),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        // Read now: React clears currentTarget once the handler returns.
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
    }),
    [values, required],
  );
  return { values, field, setValues };
}
