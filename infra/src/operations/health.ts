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

/** What the supervisor and the readiness watch write to (a pino logger is one). */
export interface LoopLogger {
  warn(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
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
  /** The read models' worst lag at the last look: reported, never a reason to be unready (decision 551). */
  lag: ProjectorLag;
}

/** Runs `work` but gives up after `ms` (a pool whose server is gone may wait for a connection). */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

class TimedOut extends Error {
  constructor() {
    super('timed out');
  }
}

export interface ReadinessWatch {
  /** What `/readyz` answers now, from memory: never waits on a query (decision 551). */
  current(): Readiness;
  /** Each projector's lag at the last look (the `/metrics` lag gauges read this). */
  lagByProjector(): ReadonlyMap<string, ProjectorLag>;
  stop(): void;
}

/**
 * `/readyz` (decisions 176, 551): ready for traffic while PostgreSQL answers, the bus is connected
 * (NATS, when configured), the migrations are in and every supervised loop can run (`loops`).
 * A background look every `everyMs` keeps the answer in memory, each query bounded by
 * `timeoutMs`: a probe never waits on the database, so a busy pool cannot make a balancer pull
 * the process. A refused or failed query makes the database unreachable at once; a slow one only
 * when no look has succeeded for `downAfterMs` (under a rush the pool is busy, not gone).
 * Read-model lag is in the answer's `lag`, logged once when it passes `maxLagSeconds` (and once
 * when it is back under), and never makes the process unready: a web process serves the lag it
 * has, as read-your-writes allows, and one worker down must not take every web process out.
 */
export async function watchReadiness(deps: {
  /** A query that answers when PostgreSQL does (`lookAtTheDatabase`). */
  reachDatabase(): Promise<unknown>;
  /** Each projector's lag (`lookAtTheDatabase`). */
  readLag(): Promise<Map<string, ProjectorLag>>;
  bus: Pick<Bus, 'connected'> | null;
  migrated: () => boolean;
  maxLagSeconds: number;
  logger: LoopLogger;
  /** Checks computed when asked, from memory (the supervised loops'). */
  more?: () => Record<string, ReadinessCheck>;
  everyMs?: number;
  timeoutMs?: number;
  downAfterMs?: number;
}): Promise<ReadinessWatch> {
  const everyMs = deps.everyMs ?? 1000;
  const timeoutMs = deps.timeoutMs ?? 2000;
  const downAfterMs = deps.downAfterMs ?? 3 * timeoutMs;
  let database: ReadinessCheck = { ok: false, detail: 'unknown' };
  let lastReached = -Infinity;
  let lag = new Map<string, ProjectorLag>();
  let lagLogged = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function look() {
    try {
      await within(timeoutMs, deps.reachDatabase);
      lastReached = performance.now();
      database = { ok: true };
    } catch (error) {
      if (!(error instanceof TimedOut) || performance.now() - lastReached > downAfterMs) database = { ok: false, detail: 'unreachable' };
      return;
    }
    try {
      lag = await within(timeoutMs, deps.readLag);
    } catch {
      return; // the last lag stays: a slow read of it says nothing new
    }
    const worst = worstOf(lag);
    if (!lagLogged && worst.seconds > deps.maxLagSeconds) {
      lagLogged = true;
      deps.logger.warn({ lagSeconds: Math.round(worst.seconds), lagEvents: worst.events }, 'read models behind the event store; still ready');
    } else if (lagLogged && worst.seconds <= deps.maxLagSeconds) {
      lagLogged = false;
      deps.logger.info({ lagSeconds: Math.round(worst.seconds) }, 'read models caught up');
    }
  }
  const loop = async () => {
    await look();
    if (!stopped) timer = setTimeout(() => void loop(), everyMs).unref();
  };
  await loop();

  return {
    current() {
      const checks: Record<string, ReadinessCheck> = {
        database,
        bus: (deps.bus?.connected?.() ?? true) ? { ok: true } : { ok: false, detail: 'disconnected' },
        migrations: deps.migrated() ? { ok: true } : { ok: false, detail: 'pending' },
        ...deps.more?.(),
      };
      return { ready: Object.values(checks).every((c) => c.ok), checks, lag: worstOf(lag) };
    },
    lagByProjector: () => lag,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What `watchReadiness` looks at in a process's database: a `select 1`, and each projector's lag. */
export function lookAtTheDatabase(db: Kysely<Database>, eventStore: Pick<EventStore, 'readAll'>, projectorNames: readonly string[]) {
  return {
    reachDatabase: () => sql`select 1`.execute(db),
    readLag: () => projectionLag({ db, eventStore, names: projectorNames }),
  };
}

function worstOf(lag: ReadonlyMap<string, ProjectorLag>): ProjectorLag {
  let worst: ProjectorLag = { events: 0, seconds: 0 };
  for (const l of lag.values()) if (l.seconds > worst.seconds || (l.seconds === worst.seconds && l.events > worst.events)) worst = l;
  return { events: worst.events, seconds: Math.round(worst.seconds * 10) / 10 };
}
