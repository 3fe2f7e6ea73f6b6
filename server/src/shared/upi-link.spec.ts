import { describe, expect, it } from 'vitest';
import { upiPayLink, UpiPayment } from './upi-link';

const PAYMENT: UpiPayment = {
  vpa: 'bazaar@okaxis',
  payeeName: 'Bazaar Demo Shop',
  amountPaise: 123_456,
  reference: 'BZ000123A1',
  note: 'Order BZ-000123',
};

/** The link's parameters, read back as any URL reader reads them. */
const parametersOf = (link: string) => {
  const [scheme, query] = link.split('?');
  expect(scheme).toBe('upi://pay');
  return new URLSearchParams(query);
};

describe('upiPayLink: a UPI payment link as NPCI specifies it', () => {
  it('carries pa, pn, am, cu, tr and tn, in that order, read back as given', () => {
    const link = upiPayLink(PAYMENT);
    const parameters = parametersOf(link);
    expect([...parameters.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tr', 'tn']);
    expect(Object.fromEntries(parameters)).toEqual({
      pa: 'bazaar@okaxis',
      pn: 'Bazaar Demo Shop',
      am: '1234.56',
      cu: 'INR',
      tr: 'BZ000123A1',
      tn: 'Order BZ-000123',
    });
  });

  it.each([
    [1, '0.01'],
    [5, '0.05'],
    [100, '1.00'],
    [1_050, '10.50'],
    [123_405, '1234.05'],
    [999_999_999, '9999999.99'],
  ])('writes %i paise as am=%s', (amountPaise, am) => {
    expect(parametersOf(upiPayLink({ ...PAYMENT, amountPaise })).get('am')).toBe(am);
  });

  it('percent-encodes spaces as %20 (never +) and & = ? # so no value spills into another', () => {
    const link = upiPayLink({
      ...PAYMENT,
      payeeName: 'Ram & Sons',
      note: 'Order 5 = paid? #1 + more',
    });
    expect(link).toContain('pn=Ram%20%26%20Sons&');
    expect(link).not.toContain('+');
    expect(link.split('&')).toHaveLength(6);
    const parameters = parametersOf(link);
    expect(parameters.get('pn')).toBe('Ram & Sons');
    expect(parameters.get('tn')).toBe('Order 5 = paid? #1 + more');
  });

  it('keeps letters beyond ASCII, encoded as UTF-8', () => {
    const link = upiPayLink({ ...PAYMENT, payeeName: 'बाज़ार' });
    expect(link).toMatch(/pn=(%[0-9A-F]{2})+&/);
    expect(parametersOf(link).get('pn')).toBe('बाज़ार');
  });

  it.each([0, -100, 10.5, Number.NaN])('refuses an amount of %s paise', (amountPaise) => {
    expect(() => upiPayLink({ ...PAYMENT, amountPaise })).toThrow(RangeError);
  });
});
