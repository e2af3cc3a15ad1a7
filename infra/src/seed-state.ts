import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Clock } from '@moncafe/domain/ports';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * Seeding's progress (decision 262): a row for the whole, written
 * when seeding starts and completed when the demo is whole, and one per demo step once it
 * completed. A process killed half-way leaves the whole started, and the next start seeds again,
 * skipping the steps that completed; the step that was cut short runs again, and each is safe to
 * repeat (catalog saves and the table-order demo change nothing twice, the staff demo finds the
 * people it registered, the first admin and the seat codes are made once, the ledger refuses a
 * second demo booking).
 */
export const seedMigrations: Record<string, Migration> = {
  '2026-11-26T11-40-seed-state': sqlMigration(
    sql`create table if not exists seed_state (
      name text primary key, started_at timestamptz not null, completed_at timestamptz
    )`,
  ),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function seedMarker(db: Kysely<any>, clock: Clock) {
  return {
    async read(): Promise<'started' | 'complete' | null> {
      const { rows } = await sql<{ completed_at: Date | null }>`SELECT completed_at FROM seed_state WHERE name = 'system'`.execute(db);
      return rows[0] ? (rows[0].completed_at ? 'complete' : 'started') : null;
    },
    async start() {
      await sql`INSERT INTO seed_state (name, started_at) VALUES ('system', ${clock.now()}) ON CONFLICT (name) DO NOTHING`.execute(db);
    },
    /** Whether a step of the demo completed (a resumed seeding skips it). */
    async stepDone(step: string): Promise<boolean> {
      const { rows } = await sql<{ completed_at: Date | null }>`SELECT completed_at FROM seed_state WHERE name = ${`step:${step}`}`.execute(db);
      return Boolean(rows[0]?.completed_at);
    },
    async completeStep(step: string) {
      await sql`INSERT INTO seed_state (name, started_at, completed_at) VALUES (${`step:${step}`}, ${clock.now()}, ${clock.now()})
        ON CONFLICT (name) DO NOTHING`.execute(db);
    },
    async complete() {
      await sql`INSERT INTO seed_state (name, started_at, completed_at) VALUES ('system', ${clock.now()}, ${clock.now()})
        ON CONFLICT (name) DO UPDATE SET completed_at = EXCLUDED.completed_at`.execute(db);
    },
  };
}
