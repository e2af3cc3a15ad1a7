import type pg from 'pg';
import type { EventStore, NewEvent } from '@moncafe/domain/ports';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import { toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { confirmationLinkIssued, dateOf, menuSaved, reservationCancelled, reservationConfirmed, reservationRequested, seatsHeld } from './events';
import { cryptoIds } from '@moncafe/infra/system';

/** The staff accounts the generated catalog saves are made by (the history's actor filter finds them). */
export const GENERATED_STAFF = ['staff-bench-0', 'staff-bench-1', 'staff-bench-2', 'staff-bench-3', 'staff-bench-4'] as const;

export interface GeneratedLog {
  /** Events appended. */
  events: number;
  /** A few reservation streams, spread over the log (the history's filter by reservation). */
  reservationStreams: string[];
}

/**
 * A log of a realistic mix, appended as the product appends it (reusable by any bench): each
 * booking holds seats on its day's ledger, then its reservation stream is requested and mailed,
 * and is confirmed (4 in 5) or cancelled; every third booking a staff account saves a menu.
 * Appended by `writers` at once, `total` events or a few more (a booking's events go together).
 */
export async function generateLog(store: EventStore, total: number, writers = 8): Promise<GeneratedLog> {
  let count = 0;
  let i = 0;
  const reservationStreams: string[] = [];
  const sampleEvery = Math.max(1, Math.floor(total / 4 / 20));
  // Made as the writers take them: a 5,000,000-event log is never held in memory at once.
  const next = (): { streamId: string; events: NewEvent[] }[] | null => {
    if (count >= total) return null;
    const id = cryptoIds.uuid();
    // One ledger per store and day; many stores, so the writers rarely meet on one.
    const batch = [{ streamId: ledgerStream(`s${i % 97}`, dateOf(i)), events: [seatsHeld(i)] }];
    const lifecycle = [reservationRequested(id, i), confirmationLinkIssued(i), i % 5 === 4 ? reservationCancelled(i) : reservationConfirmed(i)];
    batch.push({ streamId: reservationStream(id), events: lifecycle });
    if (i % sampleEvery === 0) reservationStreams.push(reservationStream(id));
    count += 1 + lifecycle.length;
    if (i % 3 === 0) {
      const menu = `bench-${i % 500}`;
      batch.push({ streamId: catalogStream('menu', menu), events: [menuSaved(menu, 500 + (i % 1000), GENERATED_STAFF[i % GENERATED_STAFF.length])] });
      count += 1;
    }
    i++;
    return batch;
  };
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let batch = next(); batch; batch = next()) {
        for (const { streamId, events } of batch) await store.appendToStream(streamId, events, { expectedRevision: 'any' });
      }
    }),
  );
  return { events: count, reservationStreams };
}

/**
 * Spreads the log's recording times evenly over the `days` before now, oldest first, as a log
 * written over years is (a generated one is recorded within minutes): the history's date filters
 * then find a slice of it. Run before the read models are built.
 */
export async function spreadOverDays(pool: pg.Pool, eventsTable: string, days: number): Promise<void> {
  await pool.query(
    `with bounds as (select min(position) as first, greatest(max(position) - min(position), 1) as span from ${eventsTable})
     update ${eventsTable} set recorded_at = now() - make_interval(days => $1) + (position - bounds.first) * (make_interval(days => $1) / bounds.span)
       from bounds`,
    [days],
  );
  await pool.query(`vacuum analyze ${eventsTable}`);
}
