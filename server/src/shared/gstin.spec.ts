import { describe, expect, it } from 'vitest';
import {
  GSTIN_RULES,
  gstinCheckCharacter,
  gstinProblem,
  gstinStateCode,
  normalGstin,
} from './gstin';
import { INDIAN_STATES } from './indian-states';

/**
 * Real GSTINs, published by their holders (on invoices, in filings) or by GSTN as its sample:
 * their check characters were made by the GST portal, so they pin the checksum independently
 * of the code under test.
 */
const PUBLISHED: [gstin: string, whose: string][] = [
  ['27AAPFU0939F1ZV', "GSTN's sample taxpayer in its API documentation, Maharashtra"],
  ['27AAACR5055K1Z7', 'Reliance Industries Limited, Maharashtra'],
  ['29AAACI1195H1ZI', 'Infosys Limited, Karnataka'],
  ['29AAICA3918J1ZE', 'Amazon Seller Services Private Limited, Karnataka'],
  ['06AADCD4946L1ZE', 'Zomato Limited, Haryana, as printed on its invoices'],
  ['27AAACB0446L2ZR', 'Blue Dart Express Limited, Maharashtra, its second registration there'],
  ['33AAACT2803M1ZI', 'a company registered in Tamil Nadu'],
  ['07AABCU9603R1ZP', 'a company registered in Delhi'],
];

const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Fourteen characters made whole with their check character: valid but for what a test breaks. */
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);

describe('gstinProblem: a GSTIN as the GST portal issues one', () => {
  it.each(PUBLISHED)('accepts %s (%s)', (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
  });

  it('the published examples cover at least five states', () => {
    expect(new Set(PUBLISHED.map(([gstin]) => gstinStateCode(gstin))).size).toBeGreaterThanOrEqual(
      5,
    );
  });

  it.each(PUBLISHED)('refuses %s with any other check character', (gstin) => {
    const others = [...CODE_POINTS].filter((character) => character !== gstin[14]);
    for (const character of others) {
      expect(gstinProblem(gstin.slice(0, 14) + character), character).toBe(
        GSTIN_RULES.checkCharacter,
      );
    }
  });

  it.each(PUBLISHED)('catches a typo in any one digit of the PAN of %s', (gstin) => {
    for (let at = 7; at <= 10; at++) {
      for (const digit of '0123456789') {
        if (digit === gstin[at]) continue;
        const typo = gstin.slice(0, at) + digit + gstin.slice(at + 1);
        expect(gstinProblem(typo), typo).toBe(GSTIN_RULES.checkCharacter);
      }
    }
  });

  it.each(PUBLISHED)('catches a typo in any one letter of the PAN of %s', (gstin) => {
    for (let at = 2; at <= 6; at++) {
      for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        if (letter === gstin[at]) continue;
        const typo = gstin.slice(0, at) + letter + gstin.slice(at + 1);
        expect(gstinProblem(typo), typo).toBe(GSTIN_RULES.checkCharacter);
      }
    }
  });

  it('normalises case and surrounding spaces before checking', () => {
    expect(normalGstin('  27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinProblem('  27aapfu0939f1zv ')).toBeNull();
    expect(gstinProblem('27aaacr5055k1z7')).toBeNull();
  });

  it.each(['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVV', '27AAPFU0939F', '27 AAPFU0939F1ZV'])(
    'refuses %j, which is not 15 characters',
    (text) => {
      expect(gstinProblem(text)).toBe(GSTIN_RULES.length);
    },
  );

  it.each(['27AAPFU0939F1Z-', '27AAPFU 939F1ZV', '27AAPFU0939F1ZÉ'])(
    'refuses %j, which has a character other than letters and digits',
    (text) => {
      expect(gstinProblem(text)).toBe(GSTIN_RULES.characters);
    },
  );

  it.each(['00', '25', '28', '39', '96', '98', '99', 'AB'])(
    'refuses state code %s, which no state or territory has',
    (code) => {
      expect(gstinProblem(withCheck(`${code}AAPFU0939F1Z`))).toBe(GSTIN_RULES.stateCode);
    },
  );

  it('accepts every state and union territory code, and 97 (Other Territory)', () => {
    for (const code of [...INDIAN_STATES.map((state) => state.code), '97']) {
      const gstin = withCheck(`${code}AAPFU0939F1Z`);
      expect(gstinProblem(gstin), gstin).toBeNull();
      expect(gstinStateCode(gstin)).toBe(code);
    }
  });

  it.each(['1APFU0939F', 'AAPF00939F', 'AAPFUA939F', 'AAPFU09391', 'AAPFU093ZF'])(
    'refuses %s in place of a PAN (five letters, four digits, a letter)',
    (pan) => {
      expect(gstinProblem(withCheck(`27${pan}1Z`))).toBe(GSTIN_RULES.pan);
    },
  );

  it('refuses 0 as the registration number (character 13); takes 1-9 and A-Z', () => {
    expect(gstinProblem(withCheck('27AAPFU0939F0Z'))).toBe(GSTIN_RULES.entity);
    expect(gstinProblem(withCheck('27AAPFU0939F9Z'))).toBeNull();
    expect(gstinProblem(withCheck('27AAPFU0939FAZ'))).toBeNull();
  });

  it.each(['C', 'D', '1'])('refuses %s as character 14, which is Z for a regular taxpayer', (c) => {
    expect(gstinProblem(withCheck(`27AAPFU0939F1${c}`))).toBe(GSTIN_RULES.fourteenth);
  });
});

describe('gstinStateCode', () => {
  it.each(PUBLISHED)('reads the state code of %s', (gstin) => {
    expect(gstinStateCode(` ${gstin.toLowerCase()}`)).toBe(gstin.slice(0, 2));
  });
});
