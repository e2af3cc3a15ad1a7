import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import type { NotificationReactor } from '@moncafe/domain/notification/reactor';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * Runs the notification reactor (decision 132): follows every event from its checkpoint, hands
 * each one it handles to the reactor and moves the checkpoint past it once the reactor is done.
 * A mailer failure keeps the checkpoint where it is and tries the same event again after a pause,
 * so no mail is skipped; the reactor's own stream per event keeps a repeat from sending twice.
 */
export interface ReactorTables {
  reactor_checkpoints: { name: string; position: number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const reactorMigrations: Record<string, Migration> = {
  '2026-11-24T10-10-reactor-checkpoints': sqlMigration(
    sql`create table if not exists reactor_checkpoints (
      name text primary key, position bigint not null
    )`,
  ),
};

const RETRY_MS = 30_000;
/** Events the reactor passes by move the checkpoint this often (a restart re-reads at most these). */
const SAVE_EVERY = 200;

export async function readReactorCheckpoint(db: AnyDb, name: string): Promise<number> {
  const row = await (db as Kysely<ReactorTables>).selectFrom('reactor_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.position) : 0;
}

async function saveCheckpoint(db: AnyDb, name: string, position: number) {
  await (db as Kysely<ReactorTables>)
    .insertInto('reactor_checkpoints')
    .values({ name, position })
    .onConflict((oc) => oc.column('name').doUpdateSet({ position: sql`excluded.position` }))
    .execute();
}

export interface ReactorRunner {
  /** The position the runner has finished (for tests: wait until it reached an event). */
  position(): number;
  stop(): Promise<void>;
}

export async function startReactor(deps: {
  db: AnyDb;
  eventStore: EventStore;
  reactor: Pick<NotificationReactor, 'handles' | 'react'>;
  logger: Pick<Logger, 'error' | 'warn'>;
  name?: string;
  retryMs?: number;
}): Promise<ReactorRunner> {
  const name = deps.name ?? 'notifications';
  let done = await readReactorCheckpoint(deps.db, name);
  // A system that never ran the reactor starts at the events it holds now: a new release does not mail the past.
  if (done === 0) {
    done = await deps.eventStore.headPosition();
    await saveCheckpoint(deps.db, name, done);
  }
  const subscription = deps.eventStore.subscribeToAll({ after: done });
  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function handle(event: RecordedEvent) {
    for (;;) {
      try {
        await deps.reactor.react(event);
        return true;
      } catch (err) {
        deps.logger.error({ err, eventId: event.eventId, position: event.position }, 'notification failed; trying again');
        if (stopped) return false;
        await pause(deps.retryMs ?? RETRY_MS);
        if (stopped) return false;
      }
    }
  }

  const loop = (async () => {
    let passed = 0;
    for await (const event of subscription) {
      if (stopped) break;
      if (deps.reactor.handles(event)) {
        if (!(await handle(event))) break;
        done = event.position;
        await saveCheckpoint(deps.db, name, done);
        passed = 0;
      } else {
        done = event.position;
        if (++passed >= SAVE_EVERY) {
          passed = 0;
          await saveCheckpoint(deps.db, name, done);
        }
      }
    }
  })().catch((err: unknown) => deps.logger.error({ err }, 'notification reactor stopped'));

  return {
    position: () => done,
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await subscription.close();
      await loop;
      await saveCheckpoint(deps.db, name, done).catch(() => undefined);
    },
  };
}
