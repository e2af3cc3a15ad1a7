import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveFeed } from '#app/shared/live-feed';
import { clearVisit, saveVisit, visitFor, type Visit } from './visit-store';

/** Messages that end the guest's visit on this phone (spec §4: the token is invalid, rescan). */
const ENDING = ['reservation-closed', 'token-invalidated'] as const;

/**
 * The guest's visit on an order screen: the stored visit the page's query names (read after
 * hydration), and its reservation's live topic followed with the token. When the visit ends
 * (checkout, cancellation: `reservation-closed`, `token-invalidated`) the stored token is dropped
 * and `ended` asks the screen to show the rescan message. `callAnsweredAt`: staff answered the
 * table's call (the guest bar says staff are coming).
 */
export function useGuestVisit(query: { seatId: string | null; reservationId: string | null }, onMessage?: (event: string) => void) {
  const [visit, setVisit] = useState<Visit | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [ended, setEnded] = useState(false);
  // The stream said this token opens nothing now (a waiver ran out, or the visit ended while the
  // phone was away): stop following; the next order renews the token or asks for a rescan.
  const [refusedToken, setRefusedToken] = useState<string | null>(null);
  // When staff answered this visit's 「スタッフを呼ぶ」 on the floor view (decision 281), live.
  const [callAnsweredAt, setCallAnsweredAt] = useState<string | null>(null);
  const keepMessage = useRef(onMessage);
  keepMessage.current = onMessage;

  const { seatId, reservationId } = query;
  useEffect(() => {
    setVisit(visitFor({ seatId, reservationId }));
    setLoaded(true);
  }, [seatId, reservationId]);

  const end = useCallback(() => {
    clearVisit();
    setEnded(true);
  }, []);

  const update = useCallback((next: Visit) => {
    saveVisit(next);
    setVisit(next);
  }, []);

  const live = useLiveFeed({
    topics: visit && !ended && refusedToken !== visit.token ? ['catalog', `reservation:${visit.reservationId}`] : null,
    token: visit?.token ?? null,
    events: ['stock-updated', 'catalog-updated', 'new-order', 'token-refused', 'staff-call-answered', 'reservation-merged', ...ENDING],
    onMessage: (event, data) => {
      const reservation = (data as { reservation_id?: string } | null)?.reservation_id;
      if (event === 'token-refused') setRefusedToken(visit?.token ?? null);
      else if (event === 'staff-call-answered' && visit && reservation === visit.reservationId)
        setCallAnsweredAt((data as { acknowledged_at?: string }).acknowledged_at ?? new Date().toISOString());
      else if ((ENDING as readonly string[]).includes(event) && visit && reservation === visit.reservationId) end();
      else if (event === 'reservation-merged' && visit) {
        // The party joined another (decision 370): this phone's party is the joined one, at its size.
        const merge = data as { undone?: boolean; number_of_people?: number };
        if (!merge.undone && typeof merge.number_of_people === 'number') update({ ...visit, people: merge.number_of_people });
      } else keepMessage.current?.(event);
    },
  });

  return { visit, loaded, ended, end, update, live, callAnsweredAt };
}
