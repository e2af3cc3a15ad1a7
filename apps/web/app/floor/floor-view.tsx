import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { FloorSeat } from '@moncafe/domain/table/floor-view-service';
import { useLiveFeed } from '#app/shared/live-feed';
import { clockTime } from '#app/table-order/presentation';
import { useCallAnswers } from './call-answers';
import { nextBookingLine } from './next-booking-line';
import { floorTexts as t } from './texts';

/** What changes a seat: check-ins, bookings, merged parties (decision 370), orders in the kitchen, checkouts and staff calls. */
const FLOOR_EVENTS = [
  'qr-checkin',
  'reservation-updated',
  'reservation-closed',
  'reservation-merged',
  'new-order',
  'order-updated',
  'staff-called',
  'staff-call-answered',
] as const;

/** A seat's state in words, for its tile and for a screen reader. */
export function seatSummary(seat: FloorSeat): string {
  if (seat.phase === 'free') return seat.startTime ? `${t.phases.free}・${t.bookedAt(seat.startTime.slice(0, 5))}` : t.phases.free;
  const parts = [t.phases[seat.phase], t.party(seat.people ?? 0)];
  if (seat.seatedAt) parts.push(t.since(clockTime(seat.seatedAt)));
  if (seat.overdue) parts.push(t.overdue);
  if (seat.merged.length > 0) parts.push(t.mergedTag);
  if (seat.call) parts.push(t.calling);
  return parts.join('・');
}

/**
 * The floor view (decision 280): one tile per seat with its phase, party, since
 * when, overdue mark and open call, kept live from /live (the loader is read again on each floor
 * event of this store). Staff calls are listed above the seats, each with its answer button.
 */
export function FloorView({
  seats,
  storeId,
  selectedSeatId,
  onSelect,
}: {
  seats: readonly FloorSeat[];
  storeId: string;
  selectedSeatId: string | null;
  onSelect: (seatId: string) => void;
}) {
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const live = useLiveFeed({
    topics: ['admin'],
    events: FLOOR_EVENTS,
    onMessage: (_event, data) => {
      const store = (data as { store_id?: string | null } | null)?.store_id;
      if (!store || store === storeId) void revalidate();
    },
  });
  const calls = seats.flatMap((s) => (s.call && s.reservationId ? [{ seat: s, call: s.call, reservationId: s.reservationId }] : []));

  const { acknowledge, waiting } = useCallAnswers((status, body) => {
    setMessage(status === 200 ? t.acknowledged : (body.message ?? body.error ?? t.callFailed));
    void revalidate();
  });

  return (
    <section className="floor-view" aria-labelledby="floor-title" data-testid="floor-view" data-live={live.connected ? 'up' : 'down'}>
      <div className="floor-head">
        <h2 id="floor-title">{t.title}</h2>
        <p className={live.connected ? 'floor-live' : 'floor-live down'} role="status">
          {live.connected ? t.live : live.downSince ? t.liveDown(clockTime(live.downSince.toISOString())) : ''}
        </p>
      </div>
      <div aria-live="assertive" data-testid="staff-calls">
        {calls.length > 0 && (
          <ul className="floor-calls" aria-label={t.calls}>
            {calls.map(({ seat, call, reservationId }) => (
              <li key={call.callId} className="floor-call" data-testid="staff-call">
                <span>{t.callAt(seat.seatName, clockTime(call.calledAt))}</span>
                {waiting.has(call.callId) && <span className="badge">{t.answerWaiting}</span>}
                <button type="button" className="button" onClick={() => void acknowledge(reservationId, call.callId, storeId)}>
                  {t.acknowledge}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {message && (
        <p className="order-message" role="status">
          {message}
        </p>
      )}
      <ul className="floor-seats" aria-label={t.title}>
        {seats.map((seat) => (
          <li key={seat.seatId}>
            <button
              type="button"
              className={`floor-seat phase-${seat.phase}${seat.overdue ? ' overdue' : ''}${seat.call ? ' calling' : ''}`}
              aria-pressed={seat.seatId === selectedSeatId}
              onClick={() => onSelect(seat.seatId)}
              data-testid="floor-seat"
              data-seat-id={seat.seatId}
              data-phase={seat.phase}
            >
              <strong>{seat.seatName}</strong> <span>{seatSummary(seat)}</span>
              <NextBookingNote seat={seat} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tile's line for the seat's next booking, marked when seating a party there now would run into it. */
function NextBookingNote({ seat }: { seat: FloorSeat }) {
  const line = nextBookingLine(seat);
  if (!line) return null;
  return (
    <span className={seat.runsIntoNext ? 'floor-next warn' : 'floor-next'} data-testid="floor-next">
      {line}
      {seat.runsIntoNext && <span className="floor-next-overlap">{`・${t.overlapsNext(seat.stayMinutes)}`}</span>}
    </span>
  );
}
