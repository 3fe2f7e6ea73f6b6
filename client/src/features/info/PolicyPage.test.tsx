import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../test/render';

describe('Privacy policy page', () => {
  it('lists what personal information is collected and how it is used', () => {
    renderWithShop('/policy');
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('What personal information Bazaar collects:')).toBeInTheDocument();
    const [collected, used] = screen.getAllByRole('list');
    expect(Array.from(collected.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'your name, email address and phone number;',
      'your shipping address;',
      'your browsing behaviour on the site.',
    ]);
    expect(Array.from(used.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'to process and deliver your orders;',
      'to communicate with you about your orders and account;',
      'to improve the site;',
      'to send you promotions, only with your permission.',
    ]);
  });
});
