/**
 * Small real picture headers for tests of the blob store and the image calls: a PNG (signature,
 * IHDR with its CRC, an IDAT of filler, IEND), a JPEG (SOI, JFIF, SOF0) and a WebP (VP8X) that
 * declare the given size, padded to `bytes` when asked. Their pixels are not decodable; the
 * store checks magic bytes and declared sides, which is what these exercise.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function chunk(type: string, data: number[] | Uint8Array): number[] {
  const body = new Uint8Array([...ascii(type), ...data]);
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** Filler: a fixed pattern, so two pictures of one size and length are the same bytes unless `seed` differs. */
function filler(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: Math.max(0, length) }, (_, i) => (i * 31 + seed) & 255);
}

export function pngOf(width: number, height: number, options: { bytes?: number; seed?: number } = {}): Uint8Array {
  const head = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', [...u32(width), ...u32(height), 8, 6, 0, 0, 0])];
  const end = chunk('IEND', []);
  const room = (options.bytes ?? 0) - head.length - end.length - 12;
  return new Uint8Array([...head, ...chunk('IDAT', filler(Math.max(1, room), options.seed ?? 0)), ...end]);
}

export function jpegOf(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    (height >> 8) & 255,
    height & 255,
    (width >> 8) & 255,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
}

export function webpOf(width: number, height: number): Uint8Array {
  const le24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
  const vp8x = [...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  return new Uint8Array([...ascii('RIFF'), ...[4 + vp8x.length, 0, 0, 0], ...ascii('WEBP'), ...vp8x]);
}
