import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Hashing, IdGenerator } from '../ports';

/**
 * Real random ids (tests that need predictable ones count their own). Production's are
 * time-ordered (decision 482); random ones here keep any code from relying on that order.
 */
export const testIds: IdGenerator = {
  uuid: () => randomUUID(),
  token: () => randomBytes(16).toString('base64url'),
};

/** Real SHA-256, as infra's adapter computes it. */
export const testHashing: Hashing & { sha256Hex(text: string | Uint8Array): string } = {
  sha256Hex: (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex'),
};
