import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * The seating ledger's events and stream names. One stream per store and day,
 * `seating-{storeId}~{YYYY-MM-DD}`: the consistency boundary that makes double booking
 * impossible (see decider.ts).
 */
const SEATING_CATEGORY = 'seating';

export function toStreamName(storeId: string, date: string): string {
  return streamName(SEATING_CATEGORY, storeId, date);
}

export function fromStreamName(streamId: string): { storeId: string; date: string } | null {
  const parts = streamParts(SEATING_CATEGORY, streamId, 2);
  return parts ? { storeId: parts[0]!, date: parts[1]! } : null;
}

const holdReleaseReasonSchema = z.enum(['expired', 'cart_emptied', 'replaced', 'reservation_cancelled']);
/** `moved_to_another_day`: staff moved the reservation to another day's ledger (decision 110). */
const seatsReleaseReasonSchema = z.enum(['cancelled_by_customer', 'cancelled_by_staff', 'confirmation_expired', 'moved_to_another_day']);
export type HoldReleaseReason = z.output<typeof holdReleaseReasonSchema>;
export type SeatsReleaseReason = z.output<typeof seatsReleaseReasonSchema>;

const seatIds = z.array(z.string());
const minute = z.number().int();
/** A booking as the ledger keeps it, in a merge's events. */
const mergedBookingSchema = z.object({ seatIds, people: z.number().int(), startMinute: minute, endMinute: minute });
export type MergedBooking = z.output<typeof mergedBookingSchema>;

export const seatingEventSchemas = {
  SeatsHeld: z.object({
    holdId: z.string(),
    sessionId: z.string(),
    seatIds,
    people: z.number().int(),
    startMinute: minute,
    endMinute: minute,
    expiresAt: z.string(),
    /** When the hold was made (older events have none): the session's first hold starts its 5 minutes. */
    heldAt: z.string().optional(),
    /** A keyed digest of the client's address (never the address), for the per-client line; null when unknown. */
    client: z.string().nullable().optional(),
    /** The session was opened by a visit of the day screen (the anti-automation step). */
    visited: z.boolean().optional(),
  }),
  HoldExtended: z.object({ holdId: z.string(), reservationId: z.string(), expiresAt: z.string() }),
  HoldReleased: z.object({ holdId: z.string(), reason: holdReleaseReasonSchema }),
  SeatsBooked: z.object({
    reservationId: z.string(),
    holdId: z.string().nullable(),
    seatIds,
    people: z.number().int(),
    startMinute: minute,
    endMinute: minute,
  }),
  SeatsReleased: z.object({ reservationId: z.string(), reason: seatsReleaseReasonSchema }),
  /** `people` only when staff changed the party size with the move (decision 110). */
  SeatsMoved: z.object({ reservationId: z.string(), seatIds, startMinute: minute, endMinute: minute, people: z.number().int().optional() }),
  /** The guests left early (checkout): the booking now ends at `endMinute`. */
  BookingEnded: z.object({ reservationId: z.string(), endMinute: minute }),
  /**
   * Two parties became one (decision 370): the absorbed booking's seats join the host's, which
   * now holds them all, for both stays (`host` is the joined booking), and the absorbed
   * booking is gone. `before` keeps both as they were, for the undo.
   */
  BookingsMerged: z.object({
    hostId: z.string(),
    absorbedId: z.string(),
    host: mergedBookingSchema,
    before: z.object({ host: mergedBookingSchema, absorbed: mergedBookingSchema }),
  }),
  /** A merge was undone before checkout (decision 370): both bookings are as they were before it. */
  BookingsSplit: z.object({ hostId: z.string(), absorbedId: z.string(), host: mergedBookingSchema, absorbed: mergedBookingSchema }),
};

export type SeatingEvent = EventsOf<typeof seatingEventSchemas>;

/** A recorded event as a seating event (validated), or null for another context's. */
export const parseSeatingEvent = eventParser(seatingEventSchemas);
