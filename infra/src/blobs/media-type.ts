import type { BlobInfo } from '@moncafe/domain/ports';

/**
 * What kind of picture the bytes are, by their first bytes (never by a name or a header the
 * sender chose): PNG, JPEG or WebP; null for anything else (SVG, HTML, a PDF …).
 */
export function imageMediaTypeOf(bytes: Uint8Array): BlobInfo['mediaType'] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}
