import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusFirstError } from './form-errors';

describe('focusFirstError', () => {
  it("moves the focus to the form's first field marked invalid, in the page's order", async () => {
    const { container } = render(
      <form>
        <input aria-label="Name" />
        <input aria-label="E-mail" aria-invalid="true" />
        <input aria-label="Phone" aria-invalid="true" />
      </form>,
    );
    focusFirstError(container.querySelector('form'));
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });

  it('gives the focus to the first field of a group in error (the stars of a rating)', async () => {
    const { container } = render(
      <form>
        <div role="radiogroup" aria-label="Rating" aria-invalid="true">
          <input type="radio" aria-label="1 star" />
          <input type="radio" aria-label="2 stars" />
        </div>
      </form>,
    );
    focusFirstError(container.querySelector('form'));
    await waitFor(() => expect(screen.getByLabelText('1 star')).toHaveFocus());
  });

  it('leaves the focus where it is when no field is in error', async () => {
    const { container } = render(
      <form>
        <input aria-label="Name" />
        <button type="submit">Send</button>
      </form>,
    );
    screen.getByRole('button').focus();
    focusFirstError(container.querySelector('form'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByRole('button')).toHaveFocus();
  });
});
