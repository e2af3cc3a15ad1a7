import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecord } from '@moncafe/domain/catalog/decider';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import type { RecordedEvent } from '@moncafe/domain/ports';
import type { ReservationRequest } from '@moncafe/domain/reservation/events';
import { accountsProjector } from './accounts/projector';
import { openReadModelTestDb, type ReadModelTestDb } from './testing/read-model-db';
import type { Database } from './database';
import { menusProjector } from './menus/projector';
import { applyEvents, type Projector } from './projector';
import { rowWriter } from './read-model-rows';
import { reservationsProjector } from './reservations/projector';
import { seatsProjector } from './seats/projector';
import { sampleRequest } from '@moncafe/domain/testing/reservation-catalog';

/**
 * The batch writer must leave exactly the rows that applying the same events one at a time
 * leaves: whatever the order of puts, updates, inserts-if-absent, reads and removals of the same
 * rows inside one batch. Random event sequences over a few rows, projected both ways.
 */
const projectors = [accountsProjector, reservationsProjector, menusProjector, seatsProjector];
const tables = ['accounts', 'reservations', 'menu_items', 'seats'] as const;

const request = (id: string, seat: string): ReservationRequest =>
  sampleRequest({
    reservationId: id,
    storeId: 'store-1',
    seatIds: [seat],
    holdId: `hold-${id}`,
    customer: { name: '山田花子', email: `${id}@example.jp`, phone: '090-1234-5678' },
    lines: [{ menuId: 'm1', name: 'ケーキコース', price: 3000, quantity: 2 }],
    detail: { m1_4: 'ホール' },
    optionsPrice: 500,
    reservationNumber: null,
  });

const id = fc.constantFrom('1', '2');
const at = fc.integer({ min: 0, max: 1000 }).map((m) => new Date(Date.UTC(2026, 11, 1, 0, m)).toISOString());
const anEvent = fc.oneof(
  fc.tuple(id, fc.constantFrom('T1', 'T2'), at).map(([r, seat, time]) => ({
    streamId: `reservation-r${r}`,
    type: 'ReservationRequested',
    data: { ...request(`r${r}`, seat), requestedAt: time },
  })),
  fc.tuple(id, at).map(([r, time]) => ({ streamId: `reservation-r${r}`, type: 'ConfirmationLinkIssued', data: { tokenHash: 'x', expiresAt: time } })),
  fc
    .tuple(id, at)
    .map(([r, time]) => ({ streamId: `reservation-r${r}`, type: 'ReservationConfirmed', data: { tokenHash: 'x', confirmedAt: time, date: '2026-12-20' } })),
  fc.tuple(id, fc.constantFrom('T3', 'T4'), at).map(([r, seat, time]) => ({
    streamId: `reservation-r${r}`,
    type: 'ReservationMoved',
    data: { seatIds: [seat], time: '13:00', movedAt: time, date: '2026-12-20' },
  })),
  fc.tuple(id, at).map(([r, time]) => ({
    streamId: `reservation-r${r}`,
    type: 'ReservationCancelled',
    data: { by: 'customer', reason: 'r', cancelledAt: time, date: '2026-12-20' },
  })),
  // Quotes, backslashes and dollar tags too: a rebuild writes values into the SQL text as literals.
  fc.tuple(id, fc.constantFrom('花子', '太郎', "O'Brien", 'back\\slash \\\' "quoted"', '$rows$ $rows1$ $$')).map(([a, name]) => ({
    streamId: `account-a${a}`,
    type: 'AccountRegistered',
    data: {
      accountId: `a${a}`,
      name,
      email: `a${a}@example.jp`,
      passwordHash: null,
      roles: [],
      externalIdentity: null,
      registeredAt: '2026-11-22T01:00:00.000Z',
    },
  })),
  fc.tuple(id, fc.constantFrom('admin', 'staff')).map(([a, role]) => ({
    streamId: `account-a${a}`,
    type: 'RoleGranted',
    data: { accountId: `a${a}`, role, grantedAt: '2026-11-22T02:00:00.000Z' },
  })),
  fc.tuple(id, fc.constantFrom('admin', 'staff')).map(([a, role]) => ({
    streamId: `account-a${a}`,
    type: 'RoleRevoked',
    data: { accountId: `a${a}`, role, revokedAt: '2026-11-22T02:00:00.000Z' },
  })),
  id.map((a) => ({
    streamId: `account-a${a}`,
    type: 'PasswordChanged',
    data: { accountId: `a${a}`, passwordHash: '$argon2id$hash', changedAt: '2026-11-22T02:00:00.000Z' },
  })),
  fc.tuple(id, fc.integer({ min: 100, max: 900 })).map(([m, price]) => ({
    streamId: catalogStream('menu', m),
    type: 'RecordSaved',
    data: { kind: 'menu', id: m, data: parseRecord('menu', m, { store_id: '2', name: `メニュー${m}`, price }) },
  })),
  id.map((m) => ({ streamId: catalogStream('menu', m), type: 'RecordRemoved', data: { kind: 'menu', id: m } })),
  fc.tuple(id, fc.constantFrom([], ['1'], ['2', '3'])).map(([s, adjacent]) => ({
    streamId: catalogStream('seat', s),
    type: 'RecordSaved',
    data: { kind: 'seat', id: s, data: parseRecord('seat', s, { store_id: '2', name: `席${s}`, max_people: 2, adjacent_seat_ids: adjacent }) },
  })),
);

function recorded(events: readonly { streamId: string; type: string; data: unknown }[], offset: number): RecordedEvent[] {
  return events.map((e, i) => ({
    eventId: `00000000-0000-4000-8000-${String(offset + i + 1).padStart(12, '0')}`,
    streamId: e.streamId,
    revision: i,
    position: offset + i + 1,
    type: e.type,
    data: e.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', storeId: null },
    recordedAt: new Date(0),
  }));
}

async function dump(db: Kysely<Database>) {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) result[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
  return result;
}

async function empty(t: ReadModelTestDb) {
  for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(t.db);
}

/** Applies `events` as a rebuild's lane does on a server: the writes taken as statements with their values inline, then run. */
async function projectInline(t: ReadModelTestDb, events: readonly RecordedEvent[]) {
  for (const projector of projectors) {
    await t.db.transaction().execute(async (trx) => {
      const rows = rowWriter(trx);
      await applyEvents(rows, projector, events);
      for (const statement of rows.takeStatements()) {
        const compiled = statement.compile(trx);
        expect(compiled.parameters).toEqual([]);
        await sql.raw(compiled.sql).execute(trx);
      }
    });
  }
}

describe('read-model rows written in batches', () => {
  let oneByOne: ReadModelTestDb;
  let batched: ReadModelTestDb;
  let inline: ReadModelTestDb;
  beforeAll(async () => {
    [oneByOne, batched, inline] = await Promise.all([openReadModelTestDb(), openReadModelTestDb(), openReadModelTestDb()]);
  });
  afterAll(async () => {
    await oneByOne?.close();
    await batched?.close();
    await inline?.close();
  });

  it('leave the same rows when the writes are taken as statements with their values inline (a rebuild on a server)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anEvent, { maxLength: 12 }), fc.array(anEvent, { maxLength: 12 }), async (earlier, later) => {
        await empty(batched);
        await empty(inline);
        const first = recorded(earlier, 0);
        const second = recorded(later, first.length);
        await batched.project(projectors, first);
        await batched.project(projectors, second);
        await projectInline(inline, first);
        await projectInline(inline, second);
        expect(await dump(inline.db)).toEqual(await dump(batched.db));
      }),
      { numRuns: 100 },
    );
  });

  it('leave the same rows as applying each event alone, for any sequence of events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anEvent, { maxLength: 12 }), fc.array(anEvent, { maxLength: 12 }), async (earlier, later) => {
        await empty(oneByOne);
        await empty(batched);
        // Rows that exist before the batch (written by an earlier one) and rows it creates itself.
        const first = recorded(earlier, 0);
        const second = recorded(later, first.length);
        for (const event of [...first, ...second]) await oneByOne.project(projectors, [event]);
        await batched.project(projectors, first);
        await batched.project(projectors, second);
        expect(await dump(batched.db)).toEqual(await dump(oneByOne.db));
      }),
      { numRuns: 200 },
    );
  });

  it('writes a row that sets fewer columns than the row before it with only its own columns', async () => {
    await sql`create table if not exists prefixed (id text primary key, a text, b text)`.execute(batched.db);
    // Each event's data is the row it puts, as it is.
    const putting: Projector = {
      name: 'putting',
      tables: ['prefixed' as never],
      async apply(rows, event) {
        await rows.table('prefixed' as never, 'id' as never).put(event.data as never);
      },
    };
    await batched.project([putting], recorded([{ streamId: 'x-1', type: 'Put', data: { id: '1', a: 'a1', b: 'b1' } }], 100));
    // One batch: a whole row, then a row whose columns are the first ones of that row's, in its order.
    await batched.project(
      [putting],
      recorded(
        [
          { streamId: 'x-2', type: 'Put', data: { id: '2', a: 'a2', b: 'b2' } },
          { streamId: 'x-1', type: 'Put', data: { id: '1', a: '改' } },
        ],
        200,
      ),
    );
    const { rows } = await sql`select id, a, b from prefixed order by id`.execute(batched.db);
    expect(rows).toEqual([
      { id: '1', a: '改', b: 'b1' },
      { id: '2', a: 'a2', b: 'b2' },
    ]);
  });

  it('lets a projector pass over an event it says it does not handle: applying it would change nothing', async () => {
    const all = await import('./read-models');
    await fc.assert(
      fc.asyncProperty(fc.array(anEvent, { minLength: 1, maxLength: 8 }), anEvent, async (earlier, event) => {
        await empty(oneByOne);
        const first = recorded(earlier, 0);
        await oneByOne.project(projectors, first);
        const [probe] = recorded([event], first.length);
        for (const projector of all.projectors) {
          if (!projector.handles || projector.handles(probe!)) continue;
          const before = await dump(oneByOne.db);
          await oneByOne.project([projector], [probe!]);
          expect(await dump(oneByOne.db)).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
  });
});
