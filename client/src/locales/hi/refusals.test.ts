import { refusalTemplates } from '@shop/refusals';
import { fieldOf } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { HINDI_REFUSALS } from './refusals';

const slotsOf = (words: string) => [...words.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();

describe('the refusals in Hindi', () => {
  it('say every reason with the values and the field its English has', () => {
    const english = refusalTemplates();
    expect(Object.keys(HINDI_REFUSALS).sort()).toEqual([...english.keys()].sort());
    for (const [reason, words] of english) {
      const hindi = HINDI_REFUSALS[reason];
      expect(slotsOf(hindi), reason).toEqual(slotsOf(words));
      expect(fieldOf(hindi).field, reason).toBe(fieldOf(words).field);
      expect(hindi, reason).toMatch(/[\u0900-\u097F]/);
    }
  });
});
