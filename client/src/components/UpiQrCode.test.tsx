import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAlone } from '../test/render';
import { UPI_QR, UpiQrCode } from './UpiQrCode';

const LINK =
  'upi://pay?pa=bazaar%40okaxis&pn=Bazaar%20Demo%20Shop&am=1234.00&cu=INR&tr=BZ000123A1&tn=Order%20BZ-000123';

describe('UpiQrCode', () => {
  it('draws the link as a QR code named by the amount, for any UPI app', async () => {
    renderAlone(<UpiQrCode link={LINK} amount={1234} />);
    const code = await screen.findByRole('img', {
      name: 'Scan to pay ₹1,234.00 with any UPI app',
    });
    expect(code.tagName.toLowerCase()).toBe('svg');
    // A version-5 or larger code for a link this long, with its quiet zone: many modules.
    const path = code.querySelector('path')!.getAttribute('d')!;
    expect(path.match(/M/g)!.length).toBeGreaterThan(300);
    const side = Number(code.getAttribute('viewBox')!.split(' ')[2]);
    expect(side).toBeGreaterThanOrEqual(37 + 8);
  });

  it('draws another code for another link', async () => {
    const { rerender } = renderAlone(<UpiQrCode link={LINK} amount={1234} />);
    const first = (await screen.findByTestId('upi-qr-code'))
      .querySelector('path')!
      .getAttribute('d');
    rerender(<UpiQrCode link={LINK.replace('1234.00', '99.50')} amount={99.5} />);
    const second = await screen.findByRole('img', { name: UPI_QR.name(99.5) });
    expect(second.querySelector('path')!.getAttribute('d')).not.toBe(first);
  });

  it('shows the link itself, whole and selectable, with a button to copy it', async () => {
    renderAlone(<UpiQrCode link={LINK} amount={1234} />);
    await screen.findByTestId('upi-qr-code');
    expect(screen.getByText(LINK)).toBeInTheDocument();
    expect(screen.getByText(LINK)).toHaveStyle({ userSelect: 'all' });
    expect(screen.getByRole('button', { name: UPI_QR.copy })).toBeInTheDocument();
  });

  it('says so when the link cannot be drawn (too long for a QR code), keeping the link', async () => {
    const long = `${LINK}${'&tn=x'.repeat(800)}`;
    renderAlone(<UpiQrCode link={long} amount={1234} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(UPI_QR.failed);
    expect(screen.getByText(long)).toBeInTheDocument();
  });
});
