import type { Transporter } from 'nodemailer';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Mailer } from '@moncafe/domain/ports';
import { sqlMigration } from '@moncafe/projections/projector';

/** The `Mailer` port's adapters; what a mail says is worded by the web app's templates. */

/** Real delivery through an SMTP server (`SMTP_URL`). */
export function smtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  // nodemailer is loaded with the first mail, not at start: an idle process does not hold it.
  let transport: Promise<Transporter> | null = null;
  const open = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl)));
  return {
    async send(mail) {
      await (await open()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

export interface OutboxTables {
  mail_outbox: {
    id: string;
    to_address: string;
    subject: string;
    body: string;
    created_at: Date;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const outboxMigrations: Record<string, Migration> = {
  '2026-11-22T00-00-mail-outbox': sqlMigration(
    sql`create table if not exists mail_outbox (
      id text primary key, to_address text not null, subject text not null, body text not null,
      created_at timestamptz default now() not null
    )`,
  ),
};

/**
 * Without SMTP, mails are kept in a table and shown at /dev/mailbox, so a developer can follow
 * a confirmation link on a machine with no mail server. Never used in production.
 */
/** Deletes the outbox's copies of mails to an address (decisions 180–186: a forgotten guest's mails); the number deleted. */
export async function removeOutboxMails(db: AnyDb, address: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where(sql`lower(to_address)`, '=', address.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox's copies of mails to an address: how many, and the first and last day they were kept (the erasure's preview). */
export async function outboxMailsTo(db: AnyDb, address: string): Promise<{ count: number; first: Date | null; last: Date | null }> {
  const row = await outbox(db)
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where(sql`lower(to_address)`, '=', address.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), first: row.first ? new Date(row.first) : null, last: row.last ? new Date(row.last) : null };
}

export function outboxMailer(db: AnyDb, newId: () => string): Mailer {
  return {
    async send(mail) {
      await outbox(db)
        .insertInto('mail_outbox')
        .values({ id: newId(), to_address: mail.to, subject: mail.subject, body: mail.text, created_at: new Date() })
        .execute();
    },
  };
}

/** The newest mails in the outbox, for /dev/mailbox. */
export function listOutbox(db: AnyDb, limit = 50): Promise<OutboxTables['mail_outbox'][]> {
  return outbox(db).selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
}

// The outbox is bookkeeping beside the read models, not part of their schema type.
const outbox = (db: AnyDb): Kysely<OutboxTables> => db;
