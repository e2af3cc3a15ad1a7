import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Logger } from 'pino';
import type { EventStore, ReactorControl, RecordedEvent } from '@moncafe/domain/ports';
import { sqlMigration } from '@moncafe/projections/projector';
import { supervisedLoops, type LoopControl, type LoopLogger, type SupervisedLoops } from '../operations/supervisor';

/**
 * Runs a reactor — the staff notification mails (decision 132), the missing receipts (decision
 * 643): follows every event from its checkpoint, hands each one it handles to the reactor and
 * moves the checkpoint past it once the reactor is done. A failure (a mailer down) keeps the
 * checkpoint where it is and tries the same event again after a pause, so none is skipped; each
 * reactor makes a repeat harmless (its own stream per event, one sale per visit).
 * The loop is supervised (decision 552): a failed subscription is opened again from the checkpoint.
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

/** A reactor the runner can follow the log for: which events it handles, and its reaction to one. */
export interface Reactor {
  handles(event: Pick<RecordedEvent, 'type'>): boolean;
  react(event: RecordedEvent, control: ReactorControl): Promise<unknown>;
}

export async function startReactor(deps: {
  db: AnyDb;
  eventStore: EventStore;
  reactor: Reactor;
  logger: Pick<Logger, 'error'> & LoopLogger;
  name?: string;
  retryMs?: number;
  /** The process's supervised loops (decision 552); its own when not given. */
  loops?: SupervisedLoops;
}): Promise<ReactorRunner> {
  const name = deps.name ?? 'notifications';
  const loops = deps.loops ?? supervisedLoops({ logger: deps.logger });
  let done = await readReactorCheckpoint(deps.db, name);
  // A system that never ran the reactor starts at the events it holds now: a new release does not mail the past.
  if (done === 0) {
    done = await deps.eventStore.headPosition();
    await saveCheckpoint(deps.db, name, done);
  }
  let subscription: ReturnType<EventStore['subscribeToAll']> | null = null;

  async function handle(event: RecordedEvent, control: LoopControl) {
    for (;;) {
      try {
        await deps.reactor.react(event, control);
        // Handled while stopping (a pause cut short): the checkpoint stays before it.
        return !control.stopped();
      } catch (err) {
        deps.logger.error({ err, reactor: name, eventId: event.eventId, position: event.position }, 'reaction failed; trying again');
        await control.pause(deps.retryMs ?? RETRY_MS);
        if (control.stopped()) return false;
      }
    }
  }

  // One pass: from the checkpoint reached so far to the end of a subscription. A subscription
  // that fails (PostgreSQL restarted) ends the pass; the supervisor starts the next one.
  const loop = loops.run(
    `reactor-${name}`,
    async (control) => {
      const sub = deps.eventStore.subscribeToAll({ after: done });
      subscription = sub;
      let passed = 0;
      try {
        for await (const event of sub) {
          if (control.stopped()) break;
          if (deps.reactor.handles(event)) {
            if (!(await handle(event, control))) break;
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
          control.ok();
        }
      } finally {
        subscription = null;
        await sub.close();
      }
    },
    async () => {
      await (subscription as ReturnType<EventStore['subscribeToAll']> | null)?.close();
    },
  );

  return {
    position: () => done,
    async stop() {
      await loop.stop();
      await saveCheckpoint(deps.db, name, done).catch(() => undefined);
    },
  };
}
