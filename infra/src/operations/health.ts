import { sql, type Kysely } from 'kysely';
import type { EventStore } from '@moncafe/domain/ports';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import type { Bus } from '../bus/port';
import { LAG_COUNT_CAP } from './metrics';

/** How far one projector is behind the store. */
export interface ProjectorLag {
  /** Events not applied yet, up to LAG_COUNT_CAP. */
  events: number;
  /** Age of the oldest of them (0 when none). */
  seconds: number;
}

/**
 * Each projector's lag, from the checkpoint table (whichever process applies them) and the
 * store: the events after each distinct checkpoint are read once (they usually all share one),
 * up to LAG_COUNT_CAP of them.
 */
export async function projectionLag(deps: {
  db: Kysely<Database>;
  eventStore: Pick<EventStore, 'readAll'>;
  names: readonly string[];
  now?: () => number;
}): Promise<Map<string, ProjectorLag>> {
  const now = deps.now ?? Date.now;
  const checkpoints = await readCheckpoints(deps.db, deps.names);
  const byCheckpoint = new Map<number, ProjectorLag>();
  for (const checkpoint of new Set(checkpoints.values())) {
    const pending = await deps.eventStore.readAll({ after: checkpoint, maxCount: LAG_COUNT_CAP });
    const oldest = pending[0]?.recordedAt.getTime();
    byCheckpoint.set(checkpoint, { events: pending.length, seconds: oldest === undefined ? 0 : Math.max(0, (now() - oldest) / 1000) });
  }
  return new Map(deps.names.map((name) => [name, byCheckpoint.get(checkpoints.get(name) ?? 0) ?? { events: 0, seconds: 0 }]));
}

export interface ReadinessCheck {
  ok: boolean;
  /** A word for an operator: never a URL, a password or a stack. */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, ReadinessCheck>;
}

/** Runs `work` but gives up after `ms` (a pool whose server is gone may wait for a connection). */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/readyz` (decision 176): ready to take traffic when PostgreSQL answers, the bus is connected
 * (NATS, when configured), the migrations ran (this process ran them before it served) and no
 * projector is more than `maxLagSeconds` behind the store. Each check is bounded by `timeoutMs`.
 */
export async function readiness(deps: {
  db: Kysely<Database>;
  eventStore: Pick<EventStore, 'readAll'>;
  bus: Pick<Bus, 'connected'> | null;
  projectorNames: readonly string[];
  migrated: boolean;
  maxLagSeconds: number;
  timeoutMs?: number;
}): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const checks: Record<string, ReadinessCheck> = {};
  try {
    await within(timeoutMs, () => sql`select 1`.execute(deps.db));
    checks.database = { ok: true };
  } catch {
    checks.database = { ok: false, detail: 'unreachable' };
  }
  const busUp = deps.bus?.connected?.() ?? true;
  checks.bus = busUp ? { ok: true } : { ok: false, detail: 'disconnected' };
  checks.migrations = deps.migrated ? { ok: true } : { ok: false, detail: 'pending' };
  if (checks.database.ok) {
    try {
      const lag = await within(timeoutMs, () => projectionLag({ db: deps.db, eventStore: deps.eventStore, names: deps.projectorNames }));
      const worst = Math.max(0, ...[...lag.values()].map((l) => l.seconds));
      checks.projections = worst <= deps.maxLagSeconds ? { ok: true } : { ok: false, detail: `${Math.round(worst)} s behind` };
    } catch {
      checks.projections = { ok: false, detail: 'unknown' };
    }
  } else checks.projections = { ok: false, detail: 'unknown' };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
