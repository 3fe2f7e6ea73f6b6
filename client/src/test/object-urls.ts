import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Stands in for URL.createObjectURL / revokeObjectURL (jsdom has neither) around each test
 * of the calling file. `urlFor(n)` names the n-th URL made; the list of URLs made is
 * returned so tests can check what was revoked.
 */
export function stubObjectUrls(urlFor: (n: number) => string): { created: string[] } {
  const made = { created: [] as string[] };
  beforeEach(() => {
    made.created = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(() => {
        const url = urlFor(made.created.length + 1);
        made.created.push(url);
        return url;
      }),
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: vi.fn(),
    });
  });
  afterEach(() => {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });
  return made;
}
