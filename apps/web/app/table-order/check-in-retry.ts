import { z } from 'zod';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { browserStorage } from '#app/shared/browser-storage';

/**
 * The phone's check-in sent without an answer (decision 261): kept with its Idempotency-Key and
 * its body, and sent again exactly so (the same position it was sent with) while the guest asks
 * for the same seat and party, so the server answers the first check-in's answer — the visit it
 * opened, not `invite_required` as if this phone were a second one at the table.
 */
const STORAGE_KEY = 'moncafe.check-in-unanswered';
/** An unanswered check-in older than this is not resent: its position is stale. */
const KEEP_MS = 10 * 60_000;

const keptSchema = z.object({ key: z.string(), body: z.record(z.string(), z.unknown()), at: z.number() });

type Choice = { seat_id: string; number_of_people: number; seat_code: string; reservation_number?: string };

/** The key and body to send: the unanswered one's for the same choice, else a new key with this body. */
export function checkInAttempt(choice: Choice, position: Record<string, unknown>, now = Date.now()): { key: string; body: Record<string, unknown> } {
  const storage = browserStorage();
  try {
    const kept = keptSchema.safeParse(JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null'));
    if (kept.success && now - kept.data.at < KEEP_MS && Object.entries(choice).every(([k, v]) => kept.data.body[k] === v))
      return { key: kept.data.key, body: kept.data.body };
  } catch {
    // Nothing readable kept: a new attempt.
  }
  const attempt = { key: newIdempotencyKey(), body: { ...choice, ...position } };
  storage?.setItem(STORAGE_KEY, JSON.stringify({ ...attempt, at: now }));
  return attempt;
}

/** An answer came (whatever it said): the next check-in is a new action. */
export function checkInAnswered(): void {
  browserStorage()?.removeItem(STORAGE_KEY);
}
