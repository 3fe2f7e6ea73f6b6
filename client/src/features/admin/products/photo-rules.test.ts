import { NOT_A_PHOTO, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PRODUCT_PHOTO_RULES } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { photoProblem, photosProblem } from './photo-rules';

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('photo rules', () => {
  it('accepts an image under the limit', () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES - 1))).toBeNull();
    expect(photoProblem(file('a.png', 'image/png', 10))).toBeNull();
    expect(photoProblem(file('a.webp', 'image/webp', 500_000))).toBeNull();
  });

  it('refuses the limit itself and more', () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES))).toBe(PHOTO_TOO_LARGE);
    expect(photoProblem(file('a.jpg', 'image/jpeg', 3 * PHOTO_MAX_BYTES))).toBe(PHOTO_TOO_LARGE);
  });

  it('refuses what is not an image, whatever its size', () => {
    expect(photoProblem(file('a.pdf', 'application/pdf', 10))).toBe(NOT_A_PHOTO);
    expect(photoProblem(file('a.txt', '', 10))).toBe(NOT_A_PHOTO);
    expect(photoProblem(file('big.zip', 'application/zip', 5 * PHOTO_MAX_BYTES))).toBe(NOT_A_PHOTO);
  });

  it('takes several photos while there is room, each checked', () => {
    const photo = (name: string) => file(name, 'image/png', 10);
    expect(photosProblem([photo('a.png'), photo('b.png')], 2)).toBeNull();
    expect(photosProblem([photo('a.png'), photo('b.png')], 1)).toBe(PRODUCT_PHOTO_RULES.tooMany);
    expect(photosProblem([photo('a.png')], 0)).toBe(PRODUCT_PHOTO_RULES.tooMany);
    const tooLarge = file('b.png', 'image/png', PHOTO_MAX_BYTES);
    expect(photosProblem([photo('a.png'), tooLarge], 8)).toBe(PHOTO_TOO_LARGE);
    expect(photosProblem([file('a.pdf', 'application/pdf', 10), tooLarge], 8)).toBe(NOT_A_PHOTO);
  });
});
