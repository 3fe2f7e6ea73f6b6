/**
 * The bytes in memory of their own, for a buffer kept long (a stored answer, a photo file kept
 * hot). Node hands out a buffer under 32 KiB (a text written out, a copy) as a slice of a pool
 * of 64 KiB that later buffers share, and a slice kept holds its whole pool: at 100,000
 * products the 8 MB of storefront answers kept held 22 MB of pools.
 */
export function ownBytes(bytes: Uint8Array): Buffer {
  if (
    Buffer.isBuffer(bytes) &&
    bytes.byteOffset === 0 &&
    bytes.buffer.byteLength === bytes.length
  ) {
    return bytes;
  }
  const own = Buffer.allocUnsafeSlow(bytes.length);
  own.set(bytes);
  return own;
}
