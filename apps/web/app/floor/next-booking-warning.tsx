import type { FloorSeat } from '@moncafe/domain/table/floor-view-service';
import { floorTexts as t } from './texts';

/**
 * Said before staff seat a party at a seat whose next booking it would run into (decision 674):
 * 「18:30に予約があります」 plainly, then either seat the party until then or choose another seat.
 */
export function NextBookingWarning({
  seat,
  busy,
  onProceed,
  onCancel,
}: {
  seat: FloorSeat & { next: NonNullable<FloorSeat['next']> };
  busy: boolean;
  onProceed: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="floor-next-warning" role="alert" data-testid="next-booking-warning">
      <p>
        <strong>{t.bookedAtTime(seat.next.time)}</strong>
      </p>
      <p>{t.runsIntoNext(seat.next.time, seat.stayMinutes)}</p>
      <p className="order-choices">
        <button type="button" className="button" disabled={busy} onClick={onProceed} data-testid="seat-until-next">
          {t.seatUntilNext(seat.next.time)}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t.seatElsewhere}
        </button>
      </p>
    </div>
  );
}
