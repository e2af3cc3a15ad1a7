import { sql, type Kysely } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const reservationMigrations: ReadModelMigrations = {
  '2026-11-22T04-00-reservations': sqlMigration(
    sql`create table if not exists reservations (
      id text primary key, store_id text not null, account_id text, customer_name text not null,
      phone text not null, email text not null, people integer not null, reservation_date text not null,
      reservation_time text not null, seat_ids jsonb not null, status text not null,
      email_confirm_status text not null, menu_id text, menu_name text, price integer not null,
      lines jsonb not null, detail jsonb not null, requested_at timestamptz not null, confirmed_at timestamptz,
      cancelled_at timestamptz, cancel_reason text
    )`,
    sql`create index if not exists reservations_store_date on reservations (store_id, reservation_date)`,
    sql`create index if not exists reservations_account on reservations (account_id)`,
  ),
  '2026-11-22T05-00-reservations-confirm-deadline': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('reservations').addColumn('confirm_expires_at', 'timestamptz').execute();
      // Rows projected before the column existed: the link was always valid 5 minutes from the request.
      await db
        .updateTable('reservations')
        .set({ confirm_expires_at: sql`requested_at + interval '5 minutes'` })
        .where('confirm_expires_at', 'is', null)
        .execute();
    },
  },
  '2026-11-22T20-00-reservations-visit': {
    // Decision 038: the spec's statuses, QR walk-ins (no confirmation link) and the visit's end.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('reservations')
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('web'))
        .addColumn('seated_at', 'timestamptz')
        .addColumn('exited_at', 'timestamptz')
        .addColumn('actual_duration_minutes', 'integer')
        .addColumn('payment_method', 'text')
        .addColumn('paid_total', 'integer')
        .execute();
      await db.schema
        .alterTable('reservations')
        .alterColumn('email_confirm_status', (c) => c.dropNotNull())
        .execute();
      await db.schema
        .alterTable('reservations')
        .alterColumn('status', (c) => c.dropNotNull())
        .execute();
      // Rows projected before: a live booking made on the site is `web`.
      await db.updateTable('reservations').set({ status: 'web' }).where('status', '=', 'reserved').execute();
    },
  },
  // Decision 100: the short number the guest is told. Null for reservations requested before it.
  '2026-11-23T10-00-reservations-number': sqlMigration(sql`alter table reservations add column reservation_number text`),
  // Decision 282: what the guest asked the floor and kitchen to know; '' before.
  '2026-11-26T12-00-reservations-remarks': sqlMigration(sql`alter table reservations add column remarks text default '' not null`),
  // Decision 370: a party merged into another is that one's visit until the merge is undone.
  '2026-11-26T15-00-reservations-merged': sqlMigration(sql`alter table reservations add column merged_into text`),
  // Decision 633: the booked courses' amount as booked (with tax) and as billed at checkout, for the day's reconciliation.
  '2026-12-02T02-00-reservations-course-reconciliation': sqlMigration(
    sql`alter table reservations add column course_booked integer, add column course_billed integer`,
  ),
  // Decision 674: who seated a walk-in (the guest by the seat's QR, or staff), so the floor labels it QR or 来店.
  '2026-12-03T16-00-reservations-walk-in-by': sqlMigration(sql`alter table reservations add column walk_in_by text`),
};
