import type { BlobInfo, BlobStore } from '../ports';
import { testHashing } from './test-ids';

/**
 * A blob store in process memory, for unit tests. It trusts what it is given (PNG unless the
 * bytes say JPEG): the magic-byte and size checks belong to the real adapter and are tested
 * there (infra/src/blobs).
 */
export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, BlobInfo & { bytes: Uint8Array; owners: Set<string> }>();
  return {
    async put({ bytes, kind, owner }) {
      const id = testHashing.sha256Hex(bytes);
      const stored = blobs.get(id) ?? { id, mediaType: bytes[0] === 0xff ? 'image/jpeg' : 'image/png', size: bytes.length, bytes, owners: new Set<string>() };
      stored.owners.add(`${kind} ${owner}`);
      blobs.set(id, stored);
      return { id, mediaType: stored.mediaType, size: stored.size };
    },
    async addOwner(id, kind, owner) {
      const stored = blobs.get(id);
      stored?.owners.add(`${kind} ${owner}`);
      return stored !== undefined;
    },
    async owners(id, kind) {
      return [...(blobs.get(id)?.owners ?? [])].filter((o) => o.startsWith(`${kind} `)).map((o) => o.slice(kind.length + 1));
    },
    async read(id) {
      const stored = blobs.get(id);
      return stored ? { id, mediaType: stored.mediaType, size: stored.size, bytes: stored.bytes } : null;
    },
    async remove(ids) {
      for (const id of ids) blobs.delete(id);
    },
  };
}
