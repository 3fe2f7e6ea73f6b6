import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

/** The largest amount an invoice is promised to word: Rs 99,99,99,99,999.99. */
const LARGEST_PAISE = 99_99_99_99_999_99;

const SMALL: Record<string, number> = Object.fromEntries(
  [
    ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'],
    ['Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen'],
    ['Eighteen', 'Nineteen'],
  ]
    .flat()
    .map((word, value) => [word, value]),
);
const TENS: Record<string, number> = {
  Twenty: 20,
  Thirty: 30,
  Forty: 40,
  Fifty: 50,
  Sixty: 60,
  Seventy: 70,
  Eighty: 80,
  Ninety: 90,
};

/** "Fifty-Six" -> 56; throws on a word that is not a number, so a misspelling fails. */
function smallNumber(word: string): number {
  return word.split('-').reduce((sum, part) => {
    const value = SMALL[part] ?? TENS[part];
    if (value === undefined) throw new Error(`not a number word: ${part}`);
    return sum + value;
  }, 0);
}

/** Words back to a number, read as a person reads them: independent of the code under test. */
function wordsToNumber(words: string[]): number {
  const crore = words.lastIndexOf('Crore');
  if (crore >= 0) {
    return (
      wordsToNumber(words.slice(0, crore)) * 10_000_000 + wordsToNumber(words.slice(crore + 1))
    );
  }
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (word === 'Hundred') current *= 100;
    else if (word === 'Thousand' || word === 'Lakh') {
      total += current * (word === 'Thousand' ? 1_000 : 100_000);
      current = 0;
    } else current += smallNumber(word);
  }
  return total + current;
}

/** "Rupees ... [and ... Paise] Only" back to paise. */
function readBack(text: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(text);
  if (!match) throw new Error(`not an amount in words: ${text}`);
  const paise = match[2] === undefined ? 0 : smallNumber(match[2]);
  return wordsToNumber(match[1].split(' ')) * 100 + paise;
}

describe('amountInWords: paise in Indian English words, in lakh and crore', () => {
  it.each([
    [
      12_345_678,
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    ],
    [0, 'Rupees Zero Only'],
    [50_000, 'Rupees Five Hundred Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [1_019, 'Rupees Ten and Nineteen Paise Only'],
    [10_000_000_00, 'Rupees One Crore Only'],
    [12_03_00_405_10, 'Rupees Twelve Crore Three Lakh Four Hundred Five and Ten Paise Only'],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
    [
      LARGEST_PAISE,
      'Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('says every amount up to Rs 99,99,99,99,999.99 so that it reads back to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LARGEST_PAISE }), (paise) => {
        const words = amountInWords(paise);
        expect(words).not.toMatch(/ {2}|Zero (?!Only$|and )|[a-z]-[a-z]/);
        expect(readBack(words)).toBe(paise);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %s, which is not a whole number of paise from 0',
    (paise) => {
      expect(() => amountInWords(paise)).toThrow(RangeError);
    },
  );
});
