import type { FloorSeat } from '@moncafe/domain/table/floor-view-service';
import { floorTexts as t } from './texts';

/**
 * The seat's next booking in words (decision 674), e.g. 「次の予約 18:30 2名 ランチコース 予約」, its
 * label by the domain's rule (partyLabel: a phone booking not arrived is 予約, never QR); null when
 * it has none, or when it is the booking already due that the free seat's summary names.
 */
export function nextBookingLine(seat: Pick<FloorSeat, 'next' | 'phase' | 'startTime'>): string | null {
  const { next } = seat;
  if (!next || (seat.phase === 'free' && seat.startTime?.slice(0, 5) === next.time)) return null;
  return t.nextBooking(next.time, next.people, next.course, t.partyLabels[next.label]);
}
