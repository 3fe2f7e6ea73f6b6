import type { UseFormInput, UseFormReturnType } from '@mantine/form';
import { FormEvent, useState } from 'react';
import { fieldRefusal } from './notify';

const FIELDS = 'input, textarea, select, button, [tabindex]';

/**
 * Moves the focus to the form's first field shown in error (Mantine marks it
 * aria-invalid="true"), once React has drawn the errors just set. A group in error (the stars
 * of a rating) gives the focus to its first field.
 */
export function focusFirstError(form: HTMLFormElement | null | undefined): void {
  setTimeout(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    const field = invalid.matches(FIELDS)
      ? invalid
      : (invalid.querySelector<HTMLElement>(FIELDS) ?? invalid);
    field.focus();
  }, 0);
}

/**
 * A form's refusals, shown where they belong: the client's checks beside their fields, the
 * server's refusal ("email: ...") beside the field it names, and one naming no field of the
 * form (a wrong password, no network) in the form's alert; the focus then goes to the first
 * field in error. `fieldOf` turns the server's name of a field into the form's (`card.number`
 * as `number`); by default a name the form's values have is taken as it is.
 */
export function useFormErrors<Values extends object>(
  form: UseFormReturnType<Values>,
  fieldOf?: (field: string) => string | null,
) {
  // The form element, given as its ref (`ref={errors.attach}`).
  const [element, attach] = useState<HTMLFormElement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Moves the focus to the first field in error. */
  const focus = () => focusFirstError(element);

  const pathOf = (field: string | null): string | null => {
    if (field === null) return null;
    if (fieldOf) return fieldOf(field);
    return field in form.getValues() ? field : null;
  };

  /** Shows a refusal of the server beside its field, or in the form's alert. */
  const refuse = (error: unknown) => {
    const { field, message } = fieldRefusal(error);
    const path = pathOf(field);
    if (path) form.setFieldError(path, message);
    else setRefusal(message);
    focus();
  };

  /** A refusal in the form's alert, from the form itself. */
  const alert = (message: string | null) => setRefusal(message);

  /**
   * The form's submit handler: `save` runs once the client's checks pass, and what it throws is
   * refused as the server words it; checks that fail put the focus on the first field in error.
   */
  const submit =
    (save: (values: Values) => Promise<unknown>) => (event?: FormEvent<HTMLFormElement>) => {
      setRefusal(null);
      return form.onSubmit(
        async (values) => {
          try {
            await save(values as Values);
          } catch (error) {
            refuse(error);
          }
        },
        () => focus(),
      )(event);
    };

  return { attach, refusal, refuse, alert, submit, focus };
}

/**
 * useForm's options for checking a field again as it is corrected: once it shows an error (its
 * own check's or the server's), each change and leaving it check it again, so the error goes
 * as soon as the field is right, and changes with what is still wrong. A field with no error
 * is left alone until the form is sent.
 */
export function recheckShownErrors<Values extends object>(): Pick<
  UseFormInput<Values>,
  'clearInputErrorOnChange' | 'enhanceGetInputProps'
> {
  return {
    clearInputErrorOnChange: false,
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      if (!form.errors[field]) return {};
      // Taken now: the props returned are written over these.
      const change = inputProps.onChange as (...args: unknown[]) => void;
      const blur = inputProps.onBlur as (() => void) | undefined;
      return {
        onChange: (...args: unknown[]) => {
          change(...args);
          form.validateField(field);
        },
        onBlur: () => {
          blur?.();
          form.validateField(field);
        },
      };
    },
  };
}
