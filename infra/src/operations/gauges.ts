import { sql, type Kysely } from 'kysely';

/** Reads behind /metrics gauges that live in bookkeeping tables outside the read models' schema. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The relay's checkpoint: the position of the last event published to the bus (by whichever process leads). */
export async function readRelayPosition(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ position: number | null }>`select max(position) as position from relay_checkpoint`.execute(db);
  return Number(rows[0]?.position ?? 0);
}

/** Mails waiting in the outbox table (kept there when no SMTP_URL is set). */
export async function countOutbox(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from mail_outbox`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
