import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoProblem } from './photo-rules';

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('photo rules', () => {
  it('the limit is 1 MB (1024 × 1024 bytes)', () => {
    expect(PHOTO_MAX_BYTES).toBe(1_048_576);
  });

  it('accepts an image under 1 MB', () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg', 1_048_575))).toBeNull();
    expect(photoProblem(file('a.png', 'image/png', 10))).toBeNull();
    expect(photoProblem(file('a.webp', 'image/webp', 500_000))).toBeNull();
  });

  it("refuses 1 MB and more: 'Photo should be less than 1 MB'", () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg', 1_048_576))).toBe(
      'Photo should be less than 1 MB',
    );
    expect(photoProblem(file('a.jpg', 'image/jpeg', 3_000_000))).toBe(
      'Photo should be less than 1 MB',
    );
  });

  it('refuses what is not an image, whatever its size', () => {
    const message = 'The photo must be an image (JPEG, PNG, WebP or GIF)';
    expect(photoProblem(file('a.pdf', 'application/pdf', 10))).toBe(message);
    expect(photoProblem(file('a.txt', '', 10))).toBe(message);
    expect(photoProblem(file('big.zip', 'application/zip', 5_000_000))).toBe(message);
  });
});
