import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type pg from 'pg';
import type { SupervisedLoops } from '../operations/supervisor';
import type { Logger } from 'pino';
import type { EventStore, Subscription } from '@moncafe/domain/ports';
import type { Bus } from '../bus/port';
import type { DatabaseKind } from '../db/connection';
import { sqlMigration } from '@moncafe/projections/projector';
import { commandAttributes, contextOfTraceparent, inSpan, SpanKind } from '../tracing/tracing';

/**
 * The relay: reads the event store in position order from its own checkpoint and publishes
 * each event to the bus with the position of the event before it. Publishing is at least
 * once (a crash between publish and checkpoint publishes again); the bus drops a repeated
 * event id and projectors skip what their checkpoint has passed. One relay leads at a time,
 * by a PostgreSQL session advisory lock held on a dedicated connection; the others wait as
 * hot standbys and take over when the leader's connection goes away.
 * See docs/decisions/002-fan-out.md.
 */

export const relayMigrations: Record<string, Migration> = {
  '2026-11-22T00-10-relay-checkpoint': sqlMigration(
    sql`create table if not exists relay_checkpoint (
      name text primary key, position bigint default 0 not null
    )`,
  ),
};

/** First key of the relay's advisory lock (the two-key space does not overlap the one-key space the event store uses). */
const RELAY_LOCK_CLASS = 47_202;

export interface RelayOptions {
  pool: pg.Pool;
  kind: DatabaseKind;
  eventStore: EventStore;
  bus: Bus;
  logger?: Logger;
  /** Relays of one name share a checkpoint and a lock; another name is an independent relay. */
  name?: string;
  /** How often a standby tries to take the lead (default 250 ms: a released lead is taken at once, decision 175). */
  standbyPollMs?: number;
  /** Pause after a failure (database or bus unreachable) before trying again; doubles, up to 5 times it. */
  retryDelayMs?: number;
  /** The process's supervised loops (decision 552): each failure and return is told. */
  loops?: Pick<SupervisedLoops, 'failed' | 'ran'>;
}

export interface Relay {
  isLeader(): boolean;
  /** Position of the last event this relay published (0 before it led). */
  publishedPosition(): number;
  /** Releases the lead (a standby takes over) and stops. */
  stop(): Promise<void>;
}

/** A held lead: queries for the checkpoint run on the connection that holds the lock. */
interface Lease {
  query(text: string, values: unknown[]): Promise<pg.QueryResult>;
  /** Set when the connection holding the lock fails: the lock is gone with it. */
  lost: Promise<unknown>;
  release(): Promise<void>;
}

async function tryLease(options: RelayOptions, name: string): Promise<Lease | null> {
  if (options.kind === 'pglite') {
    // One process owns an embedded database, and its single connection must not be held forever.
    return { query: (text, values) => options.pool.query(text, values), lost: new Promise(() => {}), release: async () => {} };
  }
  const client = await options.pool.connect();
  let broken: unknown = null;
  let onLost: (reason: unknown) => void = () => {};
  const lost = new Promise<unknown>((resolve) => (onLost = resolve));
  // Without a listener, a dropped connection would crash the process.
  const onError = (error: unknown) => {
    broken = error;
    onLost(error);
  };
  client.on('error', onError);
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [RELAY_LOCK_CLASS, name]);
    if (!rows[0]?.locked) {
      client.off('error', onError);
      client.release();
      return null;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  return {
    query: (text, values) => client.query(text, values),
    lost,
    async release() {
      if (broken === null) {
        try {
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [RELAY_LOCK_CLASS, name]);
        } catch (error) {
          broken = error;
        }
      }
      client.off('error', onError);
      // A broken connection is destroyed rather than returned to the pool.
      client.release(broken === null ? undefined : broken instanceof Error ? broken : true);
    },
  };
}

export function startRelay(options: RelayOptions): Relay {
  const { eventStore, bus, logger } = options;
  const name = options.name ?? 'default';
  const standbyPollMs = options.standbyPollMs ?? 250;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let stopped = false;
  let leader = false;
  let published = 0;
  let subscription: Subscription | null = null;
  let wakeSleeper: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wakeSleeper = null));

  async function lead(lease: Lease) {
    await lease.query('insert into relay_checkpoint (name, position) values ($1, 0) on conflict (name) do nothing', [name]);
    const { rows } = await lease.query('select position from relay_checkpoint where name = $1', [name]);
    let previous = Number((rows[0] as { position: number | string } | undefined)?.position ?? 0);
    published = previous;
    logger?.info({ relay: name, checkpoint: previous }, 'relay is leading');
    options.loops?.ran('relay');

    // Checkpoint writes run one at a time behind the publishing; a burst collapses into one write.
    let wanted = previous;
    let written = previous;
    let writing: Promise<void> | null = null;
    let failure: unknown = null;
    const writeCheckpoint = () => {
      if (writing) return;
      writing = (async () => {
        while (written < wanted) {
          const position = wanted;
          await lease.query('update relay_checkpoint set position = $2 where name = $1', [name, position]);
          written = position;
        }
      })()
        .catch((error: unknown) => {
          failure = error;
          void subscription?.close();
        })
        .finally(() => (writing = null));
    };

    const sub = eventStore.subscribeToAll({ after: previous });
    subscription = sub;
    let lostReason: unknown = null;
    void lease.lost.then((reason) => {
      lostReason = reason ?? new Error('lock connection lost');
      void sub.close();
    });
    try {
      for await (const event of sub) {
        if (stopped || lostReason || failure) break;
        for (let attempt = 0; ; attempt += 1) {
          try {
            await inSpan(
              'relay publish',
              () => ({ 'moncafe.event_type': event.type, 'moncafe.position': event.position, ...commandAttributes(event.metadata.correlationId) }),
              () => bus.publish(event, previous),
              () => ({ parent: contextOfTraceparent(event.metadata.traceparent), kind: SpanKind.PRODUCER }),
            );
            if (attempt > 0) options.loops?.ran('relay');
            break;
          } catch (error) {
            if (stopped || lostReason) throw error;
            logger?.warn({ err: error, relay: name, position: event.position, attempt }, 'publish failed; retrying');
            if (attempt === 0) options.loops?.failed('relay', error);
            await sleep(Math.min(retryDelayMs * 2 ** attempt, 5 * retryDelayMs));
            if (stopped) throw error;
          }
        }
        previous = event.position;
        published = previous;
        wanted = previous;
        writeCheckpoint();
      }
    } finally {
      await sub.close();
      subscription = null;
      while (writing) await writing;
    }
    if (lostReason) throw new Error('relay lost its lock connection', { cause: lostReason });
    if (failure) throw failure;
  }

  const running = (async () => {
    let failures = 0;
    while (!stopped) {
      let lease: Lease | null = null;
      try {
        lease = await tryLease(options, name);
        if (!lease) {
          await sleep(standbyPollMs);
          continue;
        }
        leader = true;
        const ledSince = performance.now();
        await lead(lease).catch((error: unknown) => {
          // A lead that held a good while before it failed starts its back-off afresh.
          if (performance.now() - ledSince > 5 * retryDelayMs) failures = 0;
          throw error;
        });
      } catch (error) {
        if (!stopped) {
          logger?.error({ err: error, relay: name }, 'relay failed; trying again');
          options.loops?.failed('relay', error);
          await sleep(Math.min(retryDelayMs * 2 ** failures, 5 * retryDelayMs));
          failures += 1;
        }
      } finally {
        leader = false;
        await lease?.release().catch(() => undefined);
      }
    }
  })();

  return {
    isLeader: () => leader,
    publishedPosition: () => published,
    async stop() {
      stopped = true;
      wakeSleeper?.();
      await subscription?.close();
      await running;
    },
  };
}
