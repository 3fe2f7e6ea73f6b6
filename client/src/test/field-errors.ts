import { expect } from 'vitest';

/**
 * The error a field shows, as a screen reader finds it: the field is aria-invalid, and the
 * words come from an element its aria-describedby names (Mantine's `error`). Fails the test when
 * the field is not marked invalid.
 */
export function errorOf(field: HTMLElement): string {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const texts = ids
    .map((id) => document.getElementById(id))
    .filter((element) => element !== null && /error/.test(element.id))
    .map((element) => element!.textContent ?? '');
  expect(texts, 'an element named by aria-describedby holds the error').toHaveLength(1);
  return texts[0]!;
}

/** Whether a field shows no error. */
export function expectNoError(field: HTMLElement): void {
  expect(field).not.toHaveAttribute('aria-invalid', 'true');
}
