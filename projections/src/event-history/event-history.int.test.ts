import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { eventHistoryProjector } from './projector';
import { historyChoices, historyPage as pageOf, historyRows, type HistoryFilter } from './queries';

const FILLER = 100_000;

interface PlanNode {
  Alias?: string;
  'Actual Rows': number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function event(position: number, over: Partial<RecordedEvent> & { actor?: string; correlationId?: string }): RecordedEvent {
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: over.streamId ?? 'catalog-tax~2',
    revision: over.revision ?? 0,
    position,
    type: over.type ?? 'RecordSaved',
    data: over.data ?? {},
    metadata: { correlationId: over.correlationId ?? `c${position}`, causationId: null, actor: over.actor ?? 'admin-1', storeId: '2' },
    recordedAt: over.recordedAt ?? new Date('2027-01-10T03:00:00Z'),
  };
}

/** The events as the store holds them: the history reads the shown entries' data from there. */
const recorded: RecordedEvent[] = [];
const store: Pick<EventStore, 'readEvents'> = {
  async readEvents(at) {
    return at.map(({ streamId, revision }) => recorded.find((e) => e.streamId === streamId && e.revision === revision) ?? null);
  },
};
const historyPage = (db: ReadModelTestDb['db'], filter: HistoryFilter) => pageOf(db, store, filter);

describe('the history read model', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
    // 100,000 events of other kinds first, as a busy cafe's log would hold.
    await sql`insert into event_history (event_id, position, stream_id, category, revision, type, actor, correlation_id, causation_id, store_id, recorded_at)
      select 'filler-' || i, i, 'seating-2~' || (i % 365), 'seating', i / 365, (array['SeatsHeld','HoldReleased','HoldExtended'])[1 + i % 3],
             'customer', 'corr-' || (i / 3), null, '2', timestamptz '2026-01-01T00:00:00Z' + (i || ' seconds')::interval
        from generate_series(1, ${FILLER}) i`.execute(t.db);
    recorded.push(
      ...[
        event(FILLER + 1, { type: 'AccountRegistered', streamId: 'account-a9', actor: 'system', data: { accountId: 'a9', passwordHash: '$argon2id$secret' } }),
        event(FILLER + 2, { data: { kind: 'tax', id: '2', data: { rate_percent: 8 } }, correlationId: 'shared' }),
        event(FILLER + 3, { type: 'SeatsHeld', streamId: 'seating-2~2027-01-11', correlationId: 'shared', actor: 'customer' }),
        event(FILLER + 4, {
          type: 'RecordSaved',
          revision: 1,
          data: { kind: 'supplier', id: 's1', data: { password_sealed: 'v1.sealed', name: '八百屋' } },
          recordedAt: new Date('2027-01-10T16:00:00Z'),
        }),
      ],
    );
    await t.project([eventHistoryProjector], recorded);
    await sql`analyze event_history`.execute(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every event with its actor, correlation and category, secrets removed', async () => {
    const { entries } = await historyPage(t.db, { actor: 'system' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'AccountRegistered', category: 'account', data: { accountId: 'a9', passwordHash: '[redacted]' } });
    const supplier = (await historyPage(t.db, { type: 'RecordSaved', actor: 'admin-1' })).entries;
    expect(supplier.map((e) => e.position)).toEqual([FILLER + 4, FILLER + 2]);
    expect(JSON.stringify(supplier)).not.toContain('v1.sealed');
  });

  it('holds no event data itself: the shown entries’ data is read from the store, secrets removed as it is read', async () => {
    const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'event_history'`.execute(t.db);
    expect(rows.map((r) => r.column_name)).not.toContain('data');
    const page = await historyPage(t.db, { category: 'catalog' });
    expect(page.entries.map((e) => e.data)).toEqual([
      { kind: 'supplier', id: 's1', data: { password_sealed: '[redacted]', name: '八百屋' } },
      { kind: 'tax', id: '2', data: { rate_percent: 8 } },
    ]);
    // An entry whose event the store does not hold is shown without data instead of failing the page.
    expect((await historyPage(t.db, { streamId: 'seating-2~5', limit: 1 })).entries[0]!.data).toBeNull();
  });

  it('follows a correlation id across streams and filters by Tokyo business days', async () => {
    expect((await historyPage(t.db, { correlationId: 'shared' })).entries.map((e) => e.streamId)).toEqual(['seating-2~2027-01-11', 'catalog-tax~2']);
    // 2027-01-10T16:00Z is 01:00 on the 11th in Tokyo.
    expect((await historyPage(t.db, { type: 'RecordSaved', from: '2027-01-11', to: '2027-01-11' })).entries.map((e) => e.position)).toEqual([FILLER + 4]);
    expect((await historyPage(t.db, { type: 'RecordSaved', to: '2027-01-10' })).entries.map((e) => e.position)).toEqual([FILLER + 2]);
    expect((await historyPage(t.db, { type: 'RecordSaved', from: '2027-01-10' })).entries.map((e) => e.position)).toEqual([FILLER + 4, FILLER + 2]);
  });

  it('pages newest first by position without repeating or skipping an event', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await historyPage(t.db, { category: 'seating', before, limit: 200 });
      seen.push(...page.entries.map((e) => e.position));
      before = page.next ?? undefined;
    }
    expect(seen).toHaveLength(1000);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(1000);
  });

  it('pages a date range, walked as the positions it spans, newest first without repeating or skipping an event', async () => {
    // The filler's day 2026-01-01 in Tokyo ends at 15:00Z: its events 1 to 53,999, one a second from 00:00:01Z.
    const seen: number[] = [];
    let before: number | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await historyPage(t.db, { from: '2026-01-01', to: '2026-01-01', before, limit: 200 });
      seen.push(...page.entries.map((e) => e.position));
      before = page.next ?? undefined;
    }
    expect(seen).toEqual(Array.from({ length: 600 }, (_, i) => 53_999 - i));
    const narrowed = await historyPage(t.db, { type: 'HoldReleased', from: '2026-01-01', to: '2026-01-01', limit: 3 });
    expect(narrowed.entries.map((e) => [e.position, e.type])).toEqual([
      [53_998, 'HoldReleased'],
      [53_995, 'HoldReleased'],
      [53_992, 'HoldReleased'],
    ]);
    // The last page of a range says so.
    expect((await historyPage(t.db, { from: '2026-01-01', to: '2026-01-01', before: 3, limit: 5 })).next).toBeNull();
  });

  it('reads a day far back as its page and the search’s margin, not the day’s rows nor every newer event (decision 473)', async () => {
    // The filler's 2026-01-01 in Tokyo: positions 1 to 53,999, 46,001 newer ones above it. The
    // walk starts an hour past the day's end (the margin, 3,600 events here) and stops at its page.
    const read = async (filter: HistoryFilter) => {
      const [row] = await historyRows(t.db, filter, 50).explain('json', sql`analyze`);
      const plan = Object.values(row as Record<string, unknown>)[0];
      const nodes: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node);
        node.Plans?.forEach(walk);
      };
      walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
      // The page's own reads of the table (the search's probes read it under other names).
      return nodes
        .filter((n) => n['Alias'] === 'event_history')
        .reduce(
          (sum, n) => sum + n['Actual Rows'] * (n['Actual Loops'] ?? 1) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0),
          0,
        );
    };
    expect(await read({ from: '2026-01-01', to: '2026-01-01' })).toBeLessThanOrEqual(51 + 3_600);
    expect(await read({ to: '2026-01-01' })).toBeLessThanOrEqual(51 + 3_600);
    // One event in three is a HoldReleased: its page of 51 lies among 153 of the day's.
    expect(await read({ type: 'HoldReleased', from: '2026-01-01', to: '2026-01-01' })).toBeLessThanOrEqual(3 * 51 + 3_600);
  });

  it('answers each filter from an index, not a pass over all 100,000 events', async () => {
    const plans = [
      sql`explain select * from event_history where type = 'HoldReleased' order by position desc limit 51`,
      sql`explain select * from event_history where actor = 'admin-1' order by position desc limit 51`,
      sql`explain select * from event_history where correlation_id = 'shared' order by position desc limit 51`,
      sql`explain select * from event_history where stream_id = 'seating-2~5' order by position desc limit 51`,
      sql`explain select * from event_history where position < 5000 order by position desc limit 51`,
    ];
    for (const plan of plans) {
      const { rows } = await plan.execute(t.db);
      const text = rows.map((r) => Object.values(r as Record<string, string>)[0]).join('\n');
      expect(text).not.toMatch(/Seq Scan/);
    }
    const choices = await historyChoices(t.db);
    expect(choices.types).toEqual(['AccountRegistered', 'HoldExtended', 'HoldReleased', 'RecordSaved', 'SeatsHeld']);
    expect(choices.actors).toEqual(['admin-1', 'customer', 'system']);
  });
});

describe('a date range over events stamped a moment out of order (decision 473)', () => {
  let t: ReadModelTestDb;
  // Three days of an event a minute from 2027-03-01 09:00 in Tokyo, each stamped up to 50 minutes
  // off its neighbours (two appends racing, a slow one's stamp taken as it began): positions
  // still follow the writes, times only roughly.
  const times = Array.from({ length: 3 * 1440 }, (_, i) => Date.parse('2027-03-01T00:00:00Z') + i * 60_000 + (((i * 7919) % 101) - 50) * 60_000);
  beforeAll(async () => {
    t = await openReadModelTestDb();
    await sql`insert into event_history (event_id, position, stream_id, category, revision, type, actor, correlation_id, causation_id, store_id, recorded_at)
      select 'e-' || i, i, 'seating-2~x', 'seating', i, 'SeatsHeld', 'customer', 'c-' || i, null, '2', to_timestamp(t / 1000.0)
        from unnest(${times}::float8[]) with ordinality as u(t, i)`.execute(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds every event of the range by its own time, on every page, however its neighbours were stamped', async () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00+09:00`);
    for (const [from, to] of [
      ['2027-03-01', '2027-03-01'],
      ['2027-03-02', '2027-03-02'],
      ['2027-03-02', '2027-03-03'],
      [undefined, '2027-03-02'],
      ['2027-03-03', undefined],
    ] as const) {
      const expected = times
        .map((time, i) => ({ time, position: i + 1 }))
        .filter(({ time }) => (!from || time >= day(from)) && (!to || time < day(to) + 86_400_000))
        .map((e) => e.position)
        .reverse();
      const seen: number[] = [];
      let before: number | undefined;
      do {
        const page = await historyPage(t.db, { from, to, before, limit: 200 });
        seen.push(...page.entries.map((e) => e.position));
        before = page.next ?? undefined;
      } while (before !== undefined);
      expect(seen, `${from ?? '…'} to ${to ?? '…'}`).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });
});
