import type pg from 'pg';
import type { Logger } from 'pino';
import type { Application } from '@moncafe/domain/application';
import type { IdGenerator } from '@moncafe/domain/ports';

/**
 * Runs the retention (decision 185) in one process at a time: a PostgreSQL session lock
 * (pg_try_advisory_lock) across processes, and a flag within this one. A run that finds another
 * running returns null; runs one after the other find nothing the first did not forget, so every
 * guest is forgotten once.
 *
 * `serverPool` is the PostgreSQL server's pool (`serverPoolOf`), undefined on embedded PGlite:
 * PGlite is one session and one process, so the flag is the whole lock there — holding its one
 * session for the lock while the run reads through it would wait for ever (decision 390).
 */
const RETENTION_LOCK = 4720250915031;

export function retentionRunner(deps: {
  serverPool: pg.Pool | undefined;
  services: Pick<Application, 'retention'>;
  storeIds: () => Promise<string[]>;
  ids: IdGenerator;
  logger: Pick<Logger, 'info' | 'error'>;
}) {
  let running = false;
  return {
    async runOnce(): Promise<{ forgotten: number; cutoff: string } | null> {
      if (running) return null;
      running = true;
      let client: pg.PoolClient | null = null;
      try {
        if (deps.serverPool) {
          client = await deps.serverPool.connect();
          const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [RETENTION_LOCK]);
          if (!rows[0]?.locked) return null;
        }
        try {
          const correlationId = deps.ids.uuid();
          const result = await deps.services.retention.run({ storeIds: await deps.storeIds() }, { correlationId, actor: 'system', storeId: null });
          deps.logger.info(
            { retention: true, forgotten: result.forgotten, cutoff: result.cutoff, correlationId },
            'retention run: guests past the limit forgotten',
          );
          return result;
        } finally {
          await client?.query('select pg_advisory_unlock($1)', [RETENTION_LOCK]);
        }
      } finally {
        client?.release();
        running = false;
      }
    },
  };
}

/** How often a process runs it: a forgotten guest waits at most this long past their limit. */
export const RETENTION_EVERY_MS = 6 * 60 * 60_000;
