import { sql, type Kysely } from 'kysely';
import type { Database } from '@moncafe/projections/database';
import type { ProjectorLag } from './health';
import type { Metrics } from './metrics';

/** Reads behind /metrics gauges that live in bookkeeping tables outside the read models' schema. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The relay's checkpoint: the position of the last event published to the bus (by whichever process leads). */
async function readRelayPosition(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ position: number | null }>`select max(position) as position from relay_checkpoint`.execute(db);
  return Number(rows[0]?.position ?? 0);
}

/** Mails waiting in the outbox table (kept there when no SMTP_URL is set). */
export async function countOutbox(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from mail_outbox`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The gauges every process that shares the database reports the same way, read when scraped:
 * lag per projector and the relay's checkpoint (and, where this process runs a relay, whether it
 * leads).
 */
export function gaugeTheSystem(
  metrics: Metrics,
  deps: { db: Kysely<Database>; lag: () => ReadonlyMap<string, ProjectorLag>; relay?: { isLeader(): boolean } },
): void {
  // The lag as the readiness watch last saw it (health.ts): a scrape adds no query for it.
  metrics.onCollect(async () => {
    for (const [projector, lag] of deps.lag()) {
      metrics.projectionLagEvents.set({ projector }, lag.events);
      metrics.projectionLagSeconds.set({ projector }, lag.seconds);
    }
  });
  metrics.onCollect(async () => void metrics.relayPosition.set(await readRelayPosition(deps.db)));
  const relay = deps.relay;
  if (relay) metrics.onCollect(async () => void metrics.relayLeader.set(relay.isLeader() ? 1 : 0));
}
