import { imageSize } from 'image-size';
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

/** The largest side a kept picture may have: photos of menus and the 400×400 option crops fit well within it. */
const MAX_IMAGE_SIDE = 4096;

const TYPE_OF: Record<string, BlobInfo['mediaType']> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The picture's type and size, read from its header (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X by
 * image-size, pure JavaScript): null unless the magic bytes and the header agree on a PNG, JPEG
 * or WebP whose sides are 1 to MAX_IMAGE_SIDE pixels. HTML labelled PNG, a truncated header, or a
 * PNG declaring 100000×100000 (a decompression bomb for whoever shows it) are refused
 * (the first outside probe got both stored: docs/security.md).
 */
export function imageInfoOf(bytes: Uint8Array): { mediaType: BlobInfo['mediaType']; width: number; height: number } | null {
  const mediaType = imageMediaTypeOf(bytes);
  if (!mediaType) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  const { width, height, type } = size;
  if (!type || TYPE_OF[type] !== mediaType) return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return null;
  return { mediaType, width, height };
}
