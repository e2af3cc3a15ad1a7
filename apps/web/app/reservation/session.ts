import { browserStorage as storage } from '#app/shared/browser-storage';
/**
 * The reservation session (customer-site.md §4): it starts with the first cart item, is valid
 * 5 minutes from its start (minus paused time), is checked every 30 seconds, and is cleared
 * when the cart empties. Times are epoch milliseconds, which mean the same instant in every
 * zone; the business dates it carries are Asia/Tokyo dates chosen on the day screen.
 *
 * Pure functions over a plain record, plus a thin localStorage wrapper, so the rules are unit
 * tested without a browser.
 */
export const SESSION_VALID_MS = 5 * 60_000;
export const SESSION_CHECK_MS = 30_000;

export interface ReservationSession {
  startedAt: number;
  lastActivityAt: number;
  /** Set while paused (e.g. the image crop dialog is open). */
  pausedAt: number | null;
  totalPausedMs: number;
}

export function startSession(now: number): ReservationSession {
  return { startedAt: now, lastActivityAt: now, pausedAt: null, totalPausedMs: 0 };
}

/** Time the session has really run: paused stretches do not count. */
export function elapsedMs(session: ReservationSession, now: number): number {
  const pausedNow = session.pausedAt === null ? 0 : now - session.pausedAt;
  return now - session.startedAt - session.totalPausedMs - pausedNow;
}

export function isExpired(session: ReservationSession, now: number): boolean {
  return elapsedMs(session, now) >= SESSION_VALID_MS;
}

export function pause(session: ReservationSession, now: number): ReservationSession {
  return session.pausedAt === null ? { ...session, pausedAt: now } : session;
}

export function resume(session: ReservationSession, now: number): ReservationSession {
  if (session.pausedAt === null) return session;
  return { ...session, pausedAt: null, totalPausedMs: session.totalPausedMs + (now - session.pausedAt) };
}

/** What is left of the session at `now`, in milliseconds (never below 0). */
export function remainingMs(session: ReservationSession, now: number): number {
  return Math.max(0, SESSION_VALID_MS - elapsedMs(session, now));
}

/** 4:05 — minutes and seconds left, rounded up so 0:00 is shown only once the time is over. */
export function remainingText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The 30-second check: refreshes last activity while valid, or says the session is over. */
export function check(session: ReservationSession, now: number): { expired: true } | { expired: false; session: ReservationSession } {
  if (isExpired(session, now)) return { expired: true };
  return { expired: false, session: { ...session, lastActivityAt: now } };
}

const SESSION_KEY = 'moncafe.reservation.session';

export function readSession(): ReservationSession | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ReservationSession>;
    if (typeof value.startedAt !== 'number' || typeof value.lastActivityAt !== 'number') return null;
    return { startedAt: value.startedAt, lastActivityAt: value.lastActivityAt, pausedAt: value.pausedAt ?? null, totalPausedMs: value.totalPausedMs ?? 0 };
  } catch {
    return null;
  }
}

/** Fired on the window when this tab starts, changes or ends the session (the countdown shows it at once). */
export const SESSION_CHANGED = 'moncafe:reservation-session';

export function writeSession(session: ReservationSession | null): void {
  const store = storage();
  if (!store) return;
  if (session) store.setItem(SESSION_KEY, JSON.stringify(session));
  else store.removeItem(SESSION_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}
