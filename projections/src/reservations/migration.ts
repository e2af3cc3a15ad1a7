import { sql, type Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const reservationMigrations: ReadModelMigrations = {
  '2026-11-22T04-00-reservations': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reservations')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('people', 'integer', (c) => c.notNull())
        .addColumn('reservation_date', 'text', (c) => c.notNull())
        .addColumn('reservation_time', 'text', (c) => c.notNull())
        .addColumn('seat_ids', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('email_confirm_status', 'text', (c) => c.notNull())
        .addColumn('menu_id', 'text')
        .addColumn('menu_name', 'text')
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('lines', 'jsonb', (c) => c.notNull())
        .addColumn('detail', 'jsonb', (c) => c.notNull())
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('confirmed_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('cancel_reason', 'text')
        .execute();
      await db.schema.createIndex('reservations_store_date').ifNotExists().on('reservations').columns(['store_id', 'reservation_date']).execute();
      await db.schema.createIndex('reservations_account').ifNotExists().on('reservations').column('account_id').execute();
    },
  },
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
  '2026-11-23T10-00-reservations-number': {
    // Decision 100: the short number the guest is told. Null for reservations requested before it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('reservations').addColumn('reservation_number', 'text').execute();
    },
  },
  '2026-11-26T12-00-reservations-remarks': {
    // Issue 29 item 4 (decision 282): what the guest asked the floor and kitchen to know; '' before.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('reservations')
        .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
  '2026-11-26T15-00-reservations-merged': {
    // Decision 370: a party merged into another is that one's visit until the merge is undone.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('reservations').addColumn('merged_into', 'text').execute();
    },
  },
};
