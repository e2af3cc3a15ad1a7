import { DEFAULT_MAX_BLOB_BYTES } from '@moncafe/infra/blobs/postgres-blob-store';
import type { ErrorTable } from './json.server';

/**
 * What every picture upload call shares (decision 032): the body is the picture's bytes, at most
 * the blob store's size; a type the store refuses (not PNG, JPEG or WebP by its bytes) is a 415
 * and a picture too large a 413, each said in the screen's own words.
 */
export function imageUpload(words: { refusedType: string; tooLarge: string }) {
  return {
    body: 'bytes' as const,
    maxBodyBytes: DEFAULT_MAX_BLOB_BYTES,
    errors: {
      blob_type_refused: { status: 415, error: words.refusedType },
      blob_too_large: { status: 413, error: words.tooLarge },
    } satisfies ErrorTable,
  };
}
