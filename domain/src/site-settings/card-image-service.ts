import type { PictureResizer } from '../catalog/menu-editor-service';
import { DomainError } from '../decider';
import type { BlobInfo, BlobStore } from '../ports';

/** The blob kind of homepage card pictures; they are public (the homepage shows them to anyone). */
const HOMEPAGE_CARD_IMAGE = 'homepage-card-image';

/**
 * Homepage card pictures in the blob store (decisions 032, 133): re-encoded as menu pictures are
 * (turned upright, fitted, metadata such as a phone's location stripped, kept as WebP: never the
 * uploaded bytes; docs/security.md, decision 164), then kept by their bytes' hash. Not a
 * PNG, JPEG or WebP that decodes, or over the store's size cap: refused, nothing stored.
 */
export function cardImageService(ports: { blobs: BlobStore; pictures: PictureResizer }) {
  return {
    /** Throws `blob_type_refused` for bytes that are no picture. */
    async upload(input: { bytes: Uint8Array }): Promise<BlobInfo> {
      const encoded = await ports.pictures.menuPicture(input.bytes);
      if (!encoded) throw new DomainError('blob_type_refused');
      return ports.blobs.put({ bytes: encoded, kind: HOMEPAGE_CARD_IMAGE, owner: 'homepage' });
    },
    /** A card picture, or null for an id that names none (or another kind of picture). */
    async read(id: string) {
      if ((await ports.blobs.owners(id, HOMEPAGE_CARD_IMAGE)).length === 0) return null;
      return ports.blobs.read(id);
    },
  };
}
