import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShopFrame } from '../test/render';
import { Pager } from './Pager';

describe('Pager', () => {
  it('names its arrows, which show no text, for screen readers', () => {
    render(<Pager total={30} pageSize={10} page={1} onChange={vi.fn()} />, {
      wrapper: ShopFrame,
    });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2' })).toBeEnabled();
  });

  it('shows nothing when one page holds everything', () => {
    const { container } = render(<Pager total={10} pageSize={10} page={1} onChange={vi.fn()} />, {
      wrapper: ShopFrame,
    });
    expect(container.querySelector('button')).toBeNull();
  });
});
