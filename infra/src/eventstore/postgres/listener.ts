import pg from 'pg';
import { EVENTS_CHANNEL, LISTENER_APPLICATION_NAME } from './tables';

/** What a store's subscriptions hold of the shared LISTEN connection. */
export type NotificationListener = ReturnType<typeof notificationListener>;

/**
 * One LISTEN connection shared by every subscription of a store, opened while at least one
 * subscription is live. It sits outside the pool so it never takes a writer's connection.
 * When it drops, subscriptions fall back to polling and the listener reconnects after
 * `retryMs`.
 */
export function notificationListener(pool: pg.Pool, onNotify: () => void, retryMs: number) {
  let users = 0;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  function scheduleRetry() {
    if (retry || users === 0) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, retryMs);
    retry.unref();
  }

  function connect() {
    if (client || connecting || users === 0) return;
    const candidate = new pg.Client({ ...pool.options, application_name: LISTENER_APPLICATION_NAME });
    const dropped = () => {
      if (client === candidate) client = null;
      candidate.end().catch(() => {});
      scheduleRetry();
    };
    candidate.on('error', dropped);
    candidate.on('end', dropped);
    candidate.on('notification', onNotify);
    connecting = candidate
      .connect()
      .then(() => candidate.query(`listen ${EVENTS_CHANNEL}`))
      .then(async () => {
        if (users === 0) {
          await candidate.end();
          return;
        }
        client = candidate;
        // Appends that committed before LISTEN took effect sent no notification we saw.
        onNotify();
      })
      .catch(() => {
        candidate.end().catch(() => {});
        scheduleRetry();
      })
      .finally(() => {
        connecting = null;
      });
  }

  async function disconnect() {
    if (retry) clearTimeout(retry);
    retry = null;
    await connecting;
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  }

  return {
    retain() {
      users++;
      connect();
    },
    async release() {
      users = Math.max(0, users - 1);
      if (users === 0) await disconnect();
    },
    async stop() {
      users = 0;
      await disconnect();
    },
  };
}
