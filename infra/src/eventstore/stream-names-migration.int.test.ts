import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { eventStoreMigrations } from './postgres';
import { streamNameMigrations } from './stream-names-migration';

/** Streams a `.data` folder holds under the names before decision 030 get the new ones; nothing else changes. */
describe('the stream-name migration', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    // The events table as a folder from before decision 030 has it (positions from the table's
    // own sequence, before decision 040 numbered them by transaction).
    const [first] = Object.keys(eventStoreMigrations);
    await migrateToLatest(database.db, { [first!]: eventStoreMigrations[first!]! });
  });
  afterAll(() => database.close());

  it('renames catalog, seating and claim streams, keeping positions, revisions and other streams', async () => {
    const claim = 'ab'.repeat(32);
    const old: [string, string, unknown][] = [
      ['catalog-menu-option-1', 'RecordSaved', { kind: 'menu', id: 'option-1', data: {} }],
      ['catalog-menu-option-1', 'RecordSaved', { kind: 'menu', id: 'option-1', data: {} }],
      ['catalog-menu-option-seat-a', 'RecordRemoved', { kind: 'menu-option', id: 'seat-a' }],
      ['seating-store-1-2026-12-20', 'SeatsHeld', {}],
      [`account-email-${claim}`, 'KeyClaimed', {}],
      [`account-oidc-${claim}`, 'KeyClaimed', {}],
      ['account-0f1e', 'AccountRegistered', {}],
      ['reservation-0f1e', 'ReservationRequested', {}],
      ['accounts-first-admin', 'FirstAdminDesignated', {}],
    ];
    for (const [i, [stream, type, data]] of old.entries()) {
      const revision = old.slice(0, i).filter(([s]) => s === stream).length;
      await sql`insert into events (event_id, stream_id, revision, type, data, metadata)
                values (gen_random_uuid(), ${stream}, ${revision}, ${type}, ${JSON.stringify(data)}::jsonb, '{}'::jsonb)`.execute(database.db);
    }
    const before = await sql<{ position: number; revision: number }>`select position, revision from events order by position`.execute(database.db);

    await migrateToLatest(database.db, { ...eventStoreMigrations, ...streamNameMigrations });

    const after = await sql<{
      position: number;
      revision: number;
      stream_id: string;
    }>`select position, revision, stream_id from events order by position`.execute(database.db);
    expect(after.rows.map((r) => r.stream_id)).toEqual([
      'catalog-menu~option-1',
      'catalog-menu~option-1',
      'catalog-menu-option~seat-a',
      'seating-store-1~2026-12-20',
      `accountclaim-email~${claim}`,
      `accountclaim-oidc~${claim}`,
      'account-0f1e',
      'reservation-0f1e',
      'accounts-first-admin',
    ]);
    expect(after.rows.map(({ position, revision }) => ({ position, revision }))).toEqual(before.rows);
  });
});
