import type pg from 'pg';
import type { Logger } from 'pino';
import type { Application } from '@moncafe/domain/application';
import type { IdGenerator } from '@moncafe/domain/ports';

/**
 * Runs the retention (decision 185) in one process at a time: a PostgreSQL session lock
 * (pg_try_advisory_lock) across processes, and a flag within this one (PGlite is one session,
 * where the lock would always be granted). A run that finds another running returns null; runs
 * one after the other find nothing the first did not forget, so every guest is forgotten once.
 */
const RETENTION_LOCK = 4720250915031;

export function retentionRunner(deps: {
  pool: pg.Pool;
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
      const client = await deps.pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [RETENTION_LOCK]);
        if (!rows[0]?.locked) return null;
        try {
          const correlationId = deps.ids.uuid();
          const result = await deps.services.retention.run({ storeIds: await deps.storeIds() }, { correlationId, actor: 'system', storeId: null });
          deps.logger.info(
            { retention: true, forgotten: result.forgotten, cutoff: result.cutoff, correlationId },
            'retention run: guests past the limit forgotten',
          );
          return result;
        } finally {
          await client.query('select pg_advisory_unlock($1)', [RETENTION_LOCK]);
        }
      } finally {
        client.release();
        running = false;
      }
    },
  };
}

/** How often a process runs it: a forgotten guest waits at most this long past their limit. */
export const RETENTION_EVERY_MS = 6 * 60 * 60_000;
