import { describe, expect, it } from 'vitest';
import { ownBytes } from './own-bytes';

describe('ownBytes', () => {
  it('copies a slice of a shared pool into memory of its own', () => {
    const one = Buffer.from('first answer');
    expect(one.buffer.byteLength).toBe(Buffer.poolSize);
    const own = ownBytes(one);
    expect(own.toString()).toBe('first answer');
    expect(own.buffer.byteLength).toBe(own.length);
    expect(own.buffer).not.toBe(one.buffer);
  });

  it('copies a view of a larger message, as the driver decodes binary data', () => {
    const message = new Uint8Array([9, 1, 2, 3, 9]);
    const own = ownBytes(message.subarray(1, 4));
    expect([...own]).toEqual([1, 2, 3]);
    expect(own.buffer.byteLength).toBe(3);
  });

  it('keeps a buffer that already has its memory alone', () => {
    const alone = Buffer.allocUnsafeSlow(4).fill(7);
    expect(ownBytes(alone)).toBe(alone);
  });
});
