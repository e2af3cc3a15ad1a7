import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * A visit's calls for staff (decision 281): the guest's 「スタッフを呼ぶ」 and the
 * floor's acknowledgement. One stream per visit (`call-{reservationId}`), so the per-visit limit
 * is decided on one log and a busy store's calls never contend with each other.
 */
export const STAFF_CALL_CATEGORY = 'call';

export function toStreamName(reservationId: string): string {
  return streamName(STAFF_CALL_CATEGORY, reservationId);
}

export function fromStreamName(streamId: string): { reservationId: string } | null {
  const parts = streamParts(STAFF_CALL_CATEGORY, streamId, 1);
  return parts ? { reservationId: parts[0]! } : null;
}

export const staffCallEventSchemas = {
  /** A guest's phone at the table asked for staff. */
  StaffCalled: z.object({ callId: z.string(), storeId: z.string(), seatId: z.string(), seatName: z.string(), calledAt: z.string() }),
  /** Someone on the floor said they are coming (the call is answered). */
  StaffCallAcknowledged: z.object({ callId: z.string(), acknowledgedAt: z.string() }),
};

export type StaffCallEvent = EventsOf<typeof staffCallEventSchemas>;

export const parseStaffCallEvent = eventParser(staffCallEventSchemas);
