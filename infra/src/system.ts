import { createHash, randomBytes } from 'node:crypto';
import { v7 as timeOrderedUuid } from 'uuid';
import type { Clock, Hashing, IdGenerator } from '@moncafe/domain/ports';

/** The real clock, id source and digest; tests pass their own clock (NODE_ENV=test: a clock they can move, see runtime.ts). */
export const systemClock: Clock = { now: () => new Date() };

export const cryptoIds: IdGenerator = {
  // Time-ordered (RFC 9562 version 7, decision 482): the event id, correlation id and new stream
  // name of each append land at the end of their indexes instead of on a random page of them, so a
  // log of years appends as fast as a young one. Ids are names, never secrets (tokens are).
  uuid: () => timeOrderedUuid(),
  // 192 bits, url-safe: comfortably above the 128 bits a confirmation link needs.
  token: () => randomBytes(24).toString('base64url'),
};

/** SHA-256 hex: the one home of this digest (tokens, claim keys, rate-limit keys, audit e-mail hashes, session ids). */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

export const nodeHashing: Hashing = { sha256Hex };

/**
 * A clock that read `start` at the moment `anchorMs` (by default: when it is made) and runs on in
 * real time from there: the test web server's clock under TEST_CLOCK_START (decision 585), so its
 * days are chosen, not found. The runtime anchors it at the process's own start, so two servers
 * a test starts one after the other agree on the time however long each took to boot.
 */
export function clockStartingAt(start: Date, base: Clock = systemClock, anchorMs = base.now().getTime()): Clock {
  const shiftMs = start.getTime() - anchorMs;
  return { now: () => new Date(base.now().getTime() + shiftMs) };
}

/**
 * A clock that starts as the system's and that tests move forward (never back), in the test web
 * server only (NODE_ENV=test): `POST /__test/clock` (apps/web/server.ts) calls `advance`.
 */
export function adjustableClock(base: Clock = systemClock): Clock & { advance(ms: number): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms) {
      if (ms < 0) throw new RangeError('the clock only moves forward');
      offsetMs += ms;
    },
  };
}
