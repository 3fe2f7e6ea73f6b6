import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAlone } from '../test/render';
import { PHONE_QUERY, UpiPayButton } from './UpiPayButton';

const LINK = 'upi://pay?pa=bazaar%40okaxis&pn=Bazaar&am=10.00&cu=INR&tr=R1&tn=Order';
const desktop = window.matchMedia;

/** The browser as a phone: the query the button asks matches. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
}

describe('UpiPayButton', () => {
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('on a phone, is a link opening the UPI app with the payment', () => {
    onPhone();
    renderAlone(<UpiPayButton link={LINK} />);
    expect(screen.getByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute('href', LINK);
  });

  it('on a desktop, is not offered (the QR code is scanned instead)', () => {
    renderAlone(<UpiPayButton link={LINK} />);
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).not.toBeInTheDocument();
  });
});
