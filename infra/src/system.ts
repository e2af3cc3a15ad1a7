import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '@moncafe/domain/ports';

/** The real clock and id source; tests pass their own. */
export const systemClock: Clock = { now: () => new Date() };

export const cryptoIds: IdGenerator = {
  uuid: () => randomUUID(),
  // 192 bits, url-safe: comfortably above the 128 bits a confirmation link needs.
  token: () => randomBytes(24).toString('base64url'),
};
