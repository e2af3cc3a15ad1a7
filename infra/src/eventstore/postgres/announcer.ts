import type pg from 'pg';
import { EVENTS_CHANNEL } from './tables';

/** Pause between two announcements while appends keep coming. */
const NOTIFY_SPACING_MS = 5;

/**
 * Announcing appends to other processes on EVENTS_CHANNEL: one NOTIFY in flight, the next one
 * after a short pause, never inside an append's transaction (NOTIFY serializes the commits it
 * is part of). `stop` lets the last one finish and sends no more.
 */
export function appendAnnouncer(pool: pg.Pool, enabled: boolean) {
  let closed = false;
  let announcing: Promise<void> | null = null;
  let announceAgain = false;
  let announceTimer: NodeJS.Timeout | null = null;

  function announce() {
    if (!enabled || closed) return;
    announceAgain = true;
    if (announcing || announceTimer) return;
    announceAgain = false;
    announcing = pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .then(
        () => undefined,
        () => undefined, // Readers poll as well; a lost announcement only delays them.
      )
      .finally(() => {
        announcing = null;
        if (!announceAgain || closed) return;
        announceTimer = setTimeout(() => {
          announceTimer = null;
          announce();
        }, NOTIFY_SPACING_MS);
        announceTimer.unref();
      });
  }

  return {
    announce,
    async stop() {
      closed = true;
      if (announceTimer) clearTimeout(announceTimer);
      announceTimer = null;
      await announcing;
    },
  };
}
