/** The reservation sessions a day's seating ledger remembers (decision 050): split from decider.ts, which applies them. */

/** What the ledger remembers of a reservation session that held seats on its day. */
export interface SessionRecord {
  /** Its first hold of the day: without a visit of the day screen, the session's 5 minutes run from here. */
  firstHeldAt: string;
  /** Holds it made on this day. */
  holds: number;
}

/**
 * Session records in buckets by a hash of the session id, so a hold copies one bucket (about a
 * 64th of the day's sessions) and the bucket index, never every session the day has seen (a busy
 * day's holds cost more with every session otherwise: decision 050). `oldestAt` is at or
 * before the oldest record's first hold (ms); once it is a day old, the records are pruned.
 */
export interface RememberedSessions {
  buckets: Readonly<Record<string, Readonly<Record<string, SessionRecord>>>>;
  oldestAt: number | null;
}
const SESSION_BUCKETS = 64;
/** Session records older than this (from the newest hold) are forgotten; the session cookie lives a day. */
const SESSION_MEMORY_MS = 24 * 60 * 60_000;

function bucketOf(sessionId: string): string {
  let hash = 0;
  for (let i = 0; i < sessionId.length; i++) hash = (hash * 31 + sessionId.charCodeAt(i)) | 0;
  return String((hash >>> 0) % SESSION_BUCKETS);
}

/** The session's record if it first held within a day of `at` (an older one may wait for the next pruning: it no longer counts). */
export function sessionAt(sessions: RememberedSessions, sessionId: string, at: number): SessionRecord | undefined {
  const session = sessions.buckets[bucketOf(sessionId)]?.[sessionId];
  return session && at - Date.parse(session.firstHeldAt) < SESSION_MEMORY_MS ? session : undefined;
}

/** Every session record the day's state holds, by session id (a record over a day old may wait for the next pruning). */
export function rememberedSessions(sessions: RememberedSessions): Record<string, SessionRecord> {
  return Object.assign({}, ...Object.values(sessions.buckets)) as Record<string, SessionRecord>;
}

/** The sessions after one more hold: one bucket copied, or, once the oldest record is a day old, every bucket pruned. */
export function remembered(sessions: RememberedSessions, sessionId: string, heldAt: string): RememberedSessions {
  const at = Date.parse(heldAt);
  const known = sessionAt(sessions, sessionId, at);
  const record: SessionRecord = { firstHeldAt: known?.firstHeldAt ?? heldAt, holds: (known?.holds ?? 0) + 1 };
  const key = bucketOf(sessionId);
  if (sessions.oldestAt !== null && at - sessions.oldestAt >= SESSION_MEMORY_MS) {
    const buckets: Record<string, Record<string, SessionRecord>> = {};
    let oldestAt = at;
    for (const [bucket, records] of Object.entries(sessions.buckets)) {
      for (const [id, kept] of Object.entries(records)) {
        const first = Date.parse(kept.firstHeldAt);
        if (id === sessionId || at - first >= SESSION_MEMORY_MS) continue;
        (buckets[bucket] ??= {})[id] = kept;
        oldestAt = Math.min(oldestAt, first);
      }
    }
    (buckets[key] ??= {})[sessionId] = record;
    return { buckets, oldestAt: Math.min(oldestAt, Date.parse(record.firstHeldAt)) };
  }
  return {
    buckets: { ...sessions.buckets, [key]: { ...sessions.buckets[key], [sessionId]: record } },
    oldestAt: Math.min(sessions.oldestAt ?? at, Date.parse(record.firstHeldAt)),
  };
}
