import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../test/render';

describe('Contact page', () => {
  it('offers 24*7 support with the e-mail, phone and toll-free number of shop.config.json', () => {
    renderWithShop('/contact');
    expect(screen.getByRole('heading', { name: 'CONTACT US' })).toBeInTheDocument();
    expect(screen.getByText(/we are available\s+24\*7\./)).toBeInTheDocument();
    expect(screen.getByText('E-mail: www.help@ecommerceapp.com')).toBeInTheDocument();
    expect(screen.getByText('Phone: 012-3456789')).toBeInTheDocument();
    expect(screen.getByText('Toll free: 1800-0000-0000 (toll free)')).toBeInTheDocument();
    expect(document.title).toBe('Contact us | Bazaar');
  });
});
