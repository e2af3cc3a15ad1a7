import type { BlobInfo, BlobStore } from '../ports';

/** The blob kind of homepage card pictures; they are public (the homepage shows them to anyone). */
export const HOMEPAGE_CARD_IMAGE = 'homepage-card-image';

/**
 * Homepage card pictures in the blob store (decisions 032, 133): kept by their bytes' hash,
 * refused unless PNG, JPEG or WebP and within the store's size cap (nothing is stored then).
 */
export function cardImageService(ports: { blobs: BlobStore }) {
  return {
    upload(input: { bytes: Uint8Array }): Promise<BlobInfo> {
      return ports.blobs.put({ bytes: input.bytes, kind: HOMEPAGE_CARD_IMAGE, owner: 'homepage' });
    },
    /** A card picture, or null for an id that names none (or another kind of picture). */
    async read(id: string) {
      if ((await ports.blobs.owners(id, HOMEPAGE_CARD_IMAGE)).length === 0) return null;
      return ports.blobs.read(id);
    },
  };
}
