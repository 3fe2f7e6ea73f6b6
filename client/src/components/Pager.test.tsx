import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('names its arrows, which show no text, for screen readers', () => {
    render(
      <MantineProvider env="test">
        <Pager total={30} pageSize={10} page={1} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2' })).toBeEnabled();
  });

  it('shows nothing when one page holds everything', () => {
    const { container } = render(
      <MantineProvider env="test">
        <Pager total={10} pageSize={10} page={1} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect(container.querySelector('button')).toBeNull();
  });
});
