import { describe, expect, it } from 'vitest';
import { SortedList } from './sorted-list';

const byValue = (a: number, b: number) => a - b;

describe('SortedList', () => {
  it('stays in order through random inserts and removals, as a sort of the same items', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const list = new SortedList(byValue);
    const kept: number[] = [];
    for (let step = 0; step < 2000; step++) {
      if (kept.length > 0 && random() < 0.4) {
        const [gone] = kept.splice(Math.floor(random() * kept.length), 1);
        expect(list.remove(gone)).toBe(true);
      } else {
        // Distinct values: the comparator is a total order, as the catalogue's are.
        const value = step + random() / 2;
        kept.push(value);
        list.insert(value);
      }
    }
    expect([...list]).toEqual([...kept].sort(byValue));
    expect(list.size).toBe(kept.length);
  });

  it('refuses to remove what it does not hold', () => {
    const list = new SortedList(byValue);
    list.reset([3, 1, 2]);
    expect(list.remove(5)).toBe(false);
    expect(list.remove(0)).toBe(false);
    expect([...list]).toEqual([1, 2, 3]);
  });

  it('reads pages as slices', () => {
    const list = new SortedList(byValue);
    list.reset([5, 4, 3, 2, 1]);
    expect(list.slice(1, 3)).toEqual([2, 3]);
    expect(list.slice(4, 10)).toEqual([5]);
  });
});
