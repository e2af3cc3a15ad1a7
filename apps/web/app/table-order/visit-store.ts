import { z } from 'zod';
import { browserStorage } from '#app/shared/browser-storage';

/**
 * The guest's visit as the phone keeps it (localStorage): which reservation, seat and store it
 * checked in at, and its table-order token. One visit per browser, since a phone sits at one table.
 * The token is the guest's only key: it is sent with each call and dropped when the visit ends.
 */
const VISIT_STORAGE_KEY = 'moncafe.visit';

const visitSchema = z.object({
  reservationId: z.string(),
  seatId: z.string(),
  seatName: z.string(),
  storeId: z.string(),
  token: z.string(),
  /** Null: until checkout; else when a token issued under staff's waiver ends. */
  validUntil: z.string().nullable(),
  people: z.number().int(),
  /** The position the check-in passed with, reused for a renewal within its age. */
  position: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable(), at: z.number() }).nullable(),
  /** The seat's code from its printed QR (decision 150), sent with a renewal; null when staff's or a friend's pass let the phone in. */
  seatCode: z.string().nullable().default(null),
  /** An order sent but not yet answered: resent with the same id so nothing is placed twice. */
  pendingOrderId: z.string().nullable().default(null),
});
export type Visit = z.output<typeof visitSchema>;

export function readVisit(): Visit | null {
  const raw = browserStorage()?.getItem(VISIT_STORAGE_KEY) ?? null;
  if (!raw) return null;
  try {
    const parsed = visitSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveVisit(visit: Visit): void {
  browserStorage()?.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit));
}

export function clearVisit(): void {
  browserStorage()?.removeItem(VISIT_STORAGE_KEY);
}

/** The stored visit when it is the one a page's query names (seat and reservation), else null. */
export function visitFor(query: { seatId: string | null; reservationId: string | null }): Visit | null {
  const visit = readVisit();
  if (!visit) return null;
  if (query.reservationId && query.reservationId !== visit.reservationId) return null;
  if (query.seatId && query.seatId !== visit.seatId) return null;
  return visit;
}

/** What the check-in and join calls answer about the visit they opened. */
export interface VisitAnswer {
  reservation_id: string;
  seat_id: string;
  seat_name: string;
  store_id: string;
  token: string;
  valid_until: string | null;
}

/** Keeps the visit a check-in or a pass opened on this phone (no order pending yet). */
export function saveOpenedVisit(answer: VisitAnswer, local: Pick<Visit, 'people' | 'position' | 'seatCode'>): void {
  saveVisit({
    reservationId: answer.reservation_id,
    seatId: answer.seat_id,
    seatName: answer.seat_name,
    storeId: answer.store_id,
    token: answer.token,
    validUntil: answer.valid_until,
    ...local,
    pendingOrderId: null,
  });
}
