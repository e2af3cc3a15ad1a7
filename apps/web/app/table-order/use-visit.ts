import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer as PartyAnswer } from '#app/routes/api/orders/party/route';
import { useLiveFeed } from '#app/shared/live-feed';
import { tableCall } from './table-call';
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

  // The party's size is the server's, not what this phone said or was told when it came in
  // (decision 649): a merge, or its undo, may have happened while the phone was away, and a
  // merged party's phones show the joined size. Read on opening and after each merge message.
  const readParty = useCallback(async (of: Visit) => {
    const r = await tableCall<PartyAnswer>(`/api/orders/party?reservation_id=${of.reservationId}`, { token: of.token });
    if (r.status !== 200 || !r.body.success) return;
    const people = r.body.number_of_people;
    setVisit((now) => {
      if (!now || now.token !== of.token || now.people === people) return now;
      const next = { ...now, people };
      saveVisit(next);
      return next;
    });
  }, []);
  const partyKey = visit ? `${visit.reservationId} ${visit.token}` : null;
  const visitNow = useRef(visit);
  visitNow.current = visit;
  useEffect(() => {
    if (partyKey !== null && visitNow.current) void readParty(visitNow.current);
  }, [partyKey, readParty]);

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
      // The party joined another or left it (decision 370): its size is read again.
      else if (event === 'reservation-merged' && visit) void readParty(visit);
      else keepMessage.current?.(event);
    },
  });

  return { visit, loaded, ended, end, update, live, callAnsweredAt };
}
