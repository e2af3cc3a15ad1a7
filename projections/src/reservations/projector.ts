import type { RecordedEvent } from '@moncafe/domain/ports';
import { RESERVATION_CATEGORY, fromStreamName, parseReservationEvent, reservationTotal } from '@moncafe/domain/reservation/events';
import { confirmationExpiryDate } from '@moncafe/domain/reservation/decider';
import { assertNever } from '@moncafe/domain/decider';
import type { Projector } from '../projector';

/** One row per reservation; every write sets values (no increments), so a replay is harmless. */
export const reservationsProjector: Projector = {
  name: 'reservations',
  tables: ['reservations'],
  categories: [RESERVATION_CATEGORY],
  handles: (recorded) => fromStreamName(recorded.streamId) !== null,
  async apply(rows, recorded: RecordedEvent) {
    const event = parseReservationEvent(recorded);
    const stream = fromStreamName(recorded.streamId);
    if (!event || !stream) return;
    const id = stream.reservationId;
    const reservations = rows.table('reservations', 'id');
    switch (event.type) {
      case 'ReservationRequested': {
        const d = event.data;
        const first = d.lines[0];
        return reservations.put({
          id,
          reservation_number: d.reservationNumber,
          store_id: d.storeId,
          account_id: d.accountId,
          customer_name: d.customer.name,
          phone: d.customer.phone,
          email: d.customer.email,
          people: d.people,
          reservation_date: d.date,
          reservation_time: d.time,
          seat_ids: d.seatIds,
          status: 'web' as const,
          email_confirm_status: '0' as const,
          menu_id: first?.menuId ?? null,
          menu_name: d.lines.map((l) => l.name).join('、') || null,
          price: reservationTotal(d),
          lines: d.lines,
          detail: d.detail,
          remarks: d.remarks ?? '',
          requested_at: new Date(d.requestedAt),
          // ConfirmationLinkIssued, appended with the request, sets the link's own expiry.
          confirm_expires_at: confirmationExpiryDate(d.requestedAt),
        });
      }
      case 'ConfirmationLinkIssued':
        return reservations.update(id, { confirm_expires_at: new Date(event.data.expiresAt) });
      case 'ReservationConfirmed':
        return reservations.update(id, { email_confirm_status: '1', confirmed_at: new Date(event.data.confirmedAt) });
      case 'ReservationMoved':
        return reservations.update(id, {
          seat_ids: event.data.seatIds,
          reservation_time: event.data.time,
          ...(event.data.people !== undefined ? { people: event.data.people } : {}),
          ...(event.data.date ? { reservation_date: event.data.date } : {}),
        });
      case 'ReservationCancelled':
        return reservations.update(id, { status: 'cancelled', cancelled_at: new Date(event.data.cancelledAt), cancel_reason: event.data.reason });
      case 'WalkInSeated': {
        const d = event.data;
        return reservations.put({
          id,
          store_id: d.storeId,
          account_id: null,
          customer_name: '',
          phone: '',
          email: '',
          people: d.people,
          reservation_date: d.date,
          reservation_time: d.time,
          seat_ids: d.seatIds,
          status: 'guest' as const,
          email_confirm_status: null,
          origin: 'walk_in' as const,
          // The QR check-in is the guest's own act; staff seating a party at the door appends it as themselves (decision 674).
          walk_in_by: recorded.metadata.actor === 'customer' ? ('guest' as const) : ('staff' as const),
          menu_id: null,
          menu_name: null,
          price: 0,
          lines: [],
          detail: {},
          requested_at: new Date(d.seatedAt),
          confirm_expires_at: new Date(d.seatedAt),
          seated_at: new Date(d.seatedAt),
        });
      }
      case 'CustomerArrived':
        return reservations.update(id, { status: 'confirmed', seated_at: new Date(event.data.arrivedAt) });
      case 'StatusChanged':
        return reservations.update(id, { status: event.data.to });
      case 'CheckedOut':
        return reservations.update(id, {
          status: 'exited',
          exited_at: new Date(event.data.exitedAt),
          actual_duration_minutes: event.data.actualDurationMinutes,
          payment_method: event.data.payment?.method ?? null,
          paid_total: event.data.payment?.total ?? null,
          course_booked: event.data.payment?.courses?.booked ?? null,
          course_billed: event.data.payment?.courses?.billed ?? null,
        });
      case 'MarkedNoShow':
        return reservations.update(id, { status: 'no_show' });
      case 'NoShowReverted':
        return reservations.update(id, { status: event.data.to });
      // Merged parties (decision 370): the host's row has both parties' seats and people; the other's row points to it.
      case 'PartyMerged':
      case 'PartyMergeUndone':
        return reservations.update(id, { seat_ids: event.data.seatIds, people: event.data.people });
      case 'MergedIntoParty':
        return reservations.update(id, { merged_into: event.data.hostId });
      case 'MergeUndone':
        return reservations.update(id, { merged_into: null });
      case 'GuestDetailsCorrected':
        return reservations.update(id, { customer_name: event.data.name, phone: event.data.phone });
      case 'GuestForgotten':
        return reservations.update(id, {
          customer_name: event.data.customer.name,
          email: event.data.customer.email,
          phone: event.data.customer.phone,
          detail: event.data.detail,
          remarks: '',
          ...(event.data.cancelReason !== null ? { cancel_reason: event.data.cancelReason } : {}),
        });
      case 'VisitTokenIssued':
      case 'VisitPassIssued':
      case 'VisitPassUsed':
      case 'LocationCheckWaived':
      case 'OrderAdmitted':
      case 'CourseLineChanged':
        // A booked course's count on the bill is read from its stream with the bill (decision 630).
        // Tokens, waivers and order caps are decided from the reservation's own stream, never from this row.
        return;
      default:
        return assertNever(event);
    }
  },
};
