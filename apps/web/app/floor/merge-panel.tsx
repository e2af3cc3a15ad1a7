import { useState } from 'react';
import type { FloorSeat } from '@moncafe/domain/table/floor-view-service';
import type { Answer as MergeAnswer } from '#app/routes/api/orders/merge/route';
import type { Answer as UndoAnswer } from '#app/routes/api/orders/merge/undo/route';
import { tableCall } from '#app/table-order/table-call';
import { floorTexts as t } from './texts';

interface Party {
  reservationId: string;
  seatNames: string;
  people: number;
}

/** The store's parties at the table now, one per reservation, with their seats' names. */
function partiesOf(seats: readonly FloorSeat[]): Party[] {
  const byParty = new Map<string, Party>();
  for (const s of seats) {
    if (!s.reservationId) continue;
    const known = byParty.get(s.reservationId);
    if (known) known.seatNames = `${known.seatNames}・${s.seatName}`;
    else byParty.set(s.reservationId, { reservationId: s.reservationId, seatNames: s.seatName, people: s.people ?? 0 });
  }
  return [...byParty.values()];
}

type Step = { kind: 'idle' } | { kind: 'choose' } | { kind: 'confirm'; other: Party } | { kind: 'undo' };

/**
 * Merged parties on the floor (decision 370): from a seated seat, 「合流」 → the other party →
 * a confirmation; the merged seat offers to undo the latest merge, after a confirmation too. The
 * server decides (adjoining seats, capacity, checkout) and its refusal is shown as it says.
 */
export function MergePanel({ seat, seats, onDone }: { seat: FloorSeat; seats: readonly FloorSeat[]; onDone: (message: string) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const parties = partiesOf(seats);
  const own = parties.find((p) => p.reservationId === seat.reservationId);
  const others = parties.filter((p) => p.reservationId !== seat.reservationId);
  const last = seat.merged.at(-1) ?? null;
  const namesOf = (ids: readonly string[]) => ids.map((id) => seats.find((s) => s.seatId === id)?.seatName ?? id).join('・');

  const merge = async (other: Party) => {
    if (!seat.reservationId) return;
    setBusy(true);
    const r = await tableCall<MergeAnswer>('/api/orders/merge', {
      body: { reservation_id: seat.reservationId, other_reservation_id: other.reservationId },
    });
    setBusy(false);
    setStep({ kind: 'idle' });
    onDone(r.status === 200 && r.body.success ? t.merged(namesOf(r.body.seat_ids), r.body.number_of_people) : (r.body.message ?? t.mergeFailed));
  };

  const undo = async () => {
    if (!seat.reservationId || !last) return;
    setBusy(true);
    const r = await tableCall<UndoAnswer>('/api/orders/merge/undo', {
      body: { reservation_id: seat.reservationId, other_reservation_id: last.reservationId },
    });
    setBusy(false);
    setStep({ kind: 'idle' });
    onDone(r.status === 200 && r.body.success ? t.mergeUndone : (r.body.message ?? t.mergeFailed));
  };

  return (
    <div className="floor-merge" data-testid="merge-panel">
      {last && <p data-testid="merged-badge">{t.mergedBadge(namesOf(seat.merged.flatMap((m) => m.seatIds)))}</p>}
      {step.kind === 'idle' && (
        <p className="order-choices">
          <button type="button" className="button secondary" disabled={busy} onClick={() => setStep({ kind: 'choose' })} data-testid="merge">
            {t.merge}
          </button>
          {last && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => setStep({ kind: 'undo' })} data-testid="undo-merge">
              {t.undoMerge(namesOf(last.seatIds))}
            </button>
          )}
        </p>
      )}
      {step.kind === 'choose' && (
        <fieldset className="floor-merge-choose">
          <legend>{t.mergeChoose}</legend>
          {others.length === 0 && <p className="empty">{t.mergeNone}</p>}
          {others.map((other) => (
            <button
              key={other.reservationId}
              type="button"
              className="button secondary"
              onClick={() => setStep({ kind: 'confirm', other })}
              data-testid="merge-other"
            >
              {t.mergeOther(other.seatNames, other.people)}
            </button>
          ))}
          <button type="button" className="button secondary" onClick={() => setStep({ kind: 'idle' })}>
            {t.mergeBack}
          </button>
        </fieldset>
      )}
      {step.kind === 'confirm' && (
        <div role="alertdialog" aria-label={t.merge} className="floor-merge-confirm">
          <p>{t.mergeConfirm(own?.seatNames ?? seat.seatName, step.other.seatNames)}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void merge(step.other)} data-testid="merge-confirm">
            {t.mergeDo}
          </button>{' '}
          <button type="button" className="button secondary" onClick={() => setStep({ kind: 'idle' })}>
            {t.mergeBack}
          </button>
        </div>
      )}
      {step.kind === 'undo' && last && (
        <div role="alertdialog" aria-label={t.undoMerge(namesOf(last.seatIds))} className="floor-merge-confirm">
          <p>{t.undoConfirm(namesOf(last.seatIds))}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void undo()} data-testid="undo-confirm">
            {t.undoDo}
          </button>{' '}
          <button type="button" className="button secondary" onClick={() => setStep({ kind: 'idle' })}>
            {t.mergeBack}
          </button>
        </div>
      )}
    </div>
  );
}
