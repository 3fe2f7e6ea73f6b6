import { describe, expect, it } from 'vitest';
import { mailOf, MailView } from './mail-template';

const VIEW: MailView = {
  language: 'en',
  shopName: 'Bazaar',
  preview: 'Thank you for your order of ₹1,23,456.50.',
  heading: 'Thank you, Asha: order BZ-000123 is confirmed',
  paragraphs: ['We have received your payment of ₹1,23,456.50 by UPI.'],
  action: {
    label: 'View your order',
    url: 'https://shop.example.in/dashboard/user/orders/BZ-000123',
  },
  lines: [
    {
      name: 'Cotton kurta <b>bold</b> & "quoted"',
      details: 'Size M · Blue',
      quantity: 2,
      amount: '₹1,998.00',
      photoUrl: 'https://shop.example.in/photos/abc-160.jpg',
    },
    { name: 'Notebook', details: '', quantity: 1, amount: '₹120.00', photoUrl: null },
  ],
  amounts: [
    { label: 'Items', amount: '₹2,118.00' },
    { label: 'Shipping', amount: 'Free' },
    { label: 'Total (inclusive of GST)', amount: '₹2,118.00' },
  ],
  address: {
    heading: 'Delivering to',
    lines: ['Asha Verma', '12 MG Road, Bengaluru, Karnataka 560001'],
  },
  footer: 'Bazaar sent this about order BZ-000123.',
};

describe('mailOf', () => {
  it('lays the message out as HTML with every part of it, and the same as text', async () => {
    const { html, text } = await mailOf(VIEW);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Thank you, Asha: order BZ-000123 is confirmed</title>');
    expect(html).toContain('href="https://shop.example.in/dashboard/user/orders/BZ-000123"');
    expect(html).toContain('src="https://shop.example.in/photos/abc-160.jpg"');
    for (const part of ['Size M · Blue', '₹1,998.00', 'Total (inclusive of GST)', '560001']) {
      expect(html).toContain(part);
      expect(text).toContain(part);
    }
    expect(text).toContain(
      'View your order: https://shop.example.in/dashboard/user/orders/BZ-000123',
    );
    expect(text).toContain('2 x Cotton kurta <b>bold</b> & "quoted" (Size M · Blue)  ₹1,998.00');
    expect(text).toContain('1 x Notebook  ₹120.00');
  });

  it('says which language it is in, and writes its own words in it', async () => {
    expect((await mailOf(VIEW)).html).toMatch(/<html lang="en-IN"/);
    expect((await mailOf(VIEW)).html).toContain('Qty 2');
    const { html } = await mailOf({ ...VIEW, language: 'hi' });
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain('मात्रा 2');
    expect(html).not.toContain('Qty');
  });

  it('shows a name with markup as written, never as markup', async () => {
    const { html } = await mailOf(VIEW);
    expect(html).toContain('Cotton kurta &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(html).not.toContain('<b>bold</b>');
  });

  it('leaves out the parts a message has not got', async () => {
    const { html, text } = await mailOf({
      language: 'en',
      shopName: 'Bazaar',
      preview: 'We hope you enjoy it.',
      heading: 'Order BZ-000123 was delivered',
      paragraphs: ['We hope you enjoy it.'],
      footer: 'Bazaar',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Delivering to');
    expect(text).toBe('Order BZ-000123 was delivered\n\nWe hope you enjoy it.\n\n-- \nBazaar\n');
  });
});
