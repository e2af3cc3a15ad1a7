import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { SupervisedLoops } from '../operations/supervisor';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { ensureCheckpoint, readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import type { Database } from '@moncafe/projections/database';
import type { Projector } from '@moncafe/projections/projector';
import type { Bus, BusMessage, BusSubscription } from '../bus/port';
import { gatheredBatches, type OneMessage } from './apply-batches';
import { commandAttributes, inSpan, spanOptionsForEvents } from '../tracing/tracing';

/**
 * Runs projectors: each catches up from the event store from its checkpoint, then follows the
 * runner's durable bus consumer, which hands every batch to each projector. Events are applied
 * in a transaction that also moves the checkpoint (apply-batches.ts), so redelivery, a crash
 * half-way or a second runner of the same projector applies nothing twice. A bus message
 * whose `previousPosition` is past the checkpoint reveals a gap, which is read from the event
 * store first. Rebuilding read models from scratch is rebuild-in-place.ts (a stopped system)
 * and shadow-rebuild.ts (a running one).
 */

export interface ProjectionsOptions {
  db: Kysely<Database>;
  eventStore: EventStore;
  bus: Bus;
  projectors: readonly Projector[];
  logger?: Logger;
  /** Durable consumer name = prefix + a digest of the projectors' names (`durableNameOf`). */
  consumerPrefix?: string;
  /** Events read from the store per catch-up transaction. */
  batchSize?: number;
  /** Pause before a failed catch-up is tried again. */
  retryDelayMs?: number;
  /**
   * How often each projector also reads the event store on its own. A safety net for a
   * message the bus lost at the tail (no later message reveals that gap); 0 turns it off.
   */
  sweepEveryMs?: number;
  /**
   * On a PostgreSQL server, the pool a gathered batch is sent through as one message when the
   * runner knows its checkpoints (decision 471); without it, every batch is a transaction.
   */
  oneMessage?: OneMessage | undefined;
  /** The process's supervised loops (decision 552): each failed catch-up and each recovery is told. */
  loops?: Pick<SupervisedLoops, 'failed' | 'ran'> | undefined;
}

export interface ProjectionsHandle {
  /**
   * Resolves once every projector's checkpoint is at or past `position`. Bounded: after
   * `timeoutMs` it REJECTS with a ProjectionLagError naming the projectors still behind (the
   * caller decides whether a stale page is acceptable). Lagging projectors are nudged to read
   * the event store, so read-your-writes holds even while the relay or the bus is down.
   */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the catch-up done at start has finished for every projector. */
  ready: Promise<void>;
  /** Last checkpoint seen by this runner, per projector name. */
  checkpoints(): ReadonlyMap<string, number>;
  stop(): Promise<void>;
}

export class ProjectionLagError extends Error {
  constructor(
    readonly position: number,
    readonly behind: Record<string, number>,
  ) {
    super(`read models did not reach position ${position} in time: ${JSON.stringify(behind)}`);
    this.name = 'ProjectionLagError';
  }
}

const DEFAULT_WAIT_MS = 5000;
const DB_POLL_MS = 100;

/**
 * The durable consumer of a runner: one for its whole set of projectors, named after that set, so
 * an event crosses the bus once per runner, not once per projector (decision 146). Runners of the
 * same projectors (a web process and a worker) share it, as they shared each projector's before;
 * a runner of another set (a test's, or after a release that adds a read model) gets its own and
 * catches up from the event store. NATS allows letters, digits, `-` and `_`.
 */
export function durableNameOf(prefix: string, projectors: readonly Pick<Projector, 'name'>[]): string {
  const names = [...new Set(projectors.map((p) => p.name))].sort().join('\n');
  return `${prefix}${createHash('sha256').update(names).digest('hex').slice(0, 16)}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

interface Running {
  projector: Projector;
  checkpoint: number;
  /** Work on one projector runs one piece at a time, in arrival order. */
  tail: Promise<void>;
  /**
   * Reading the event store until it is level with it (at start, and after a failure, retrying
   * until it succeeds): bus batches pass it by meanwhile, so they do not wait on it.
   */
  recovering: boolean;
  /** The last position of the bus batches that passed it by while it was recovering. */
  passedOver: number;
}

/** The longest pause between a read-your-writes catch-up's reads while its event is held back. */
const NUDGE_MAX_PAUSE_MS = 16;

/** How often projectors read the store themselves while the bus is away. */
const BUS_DOWN_POLL_MS = 250;

export async function startProjections(options: ProjectionsOptions): Promise<ProjectionsHandle> {
  const { db, eventStore, bus, logger } = options;
  const prefix = options.consumerPrefix ?? 'projectors-';
  const batchSize = options.batchSize ?? 1000;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let stopped = false;
  const progress = new Set<() => void>();
  const applyGathered = gatheredBatches(db, { oneMessage: options.oneMessage });
  // Each projector's batch is a span in the trace of the command whose events it applies (the
  // others' traces are its links), whichever way the events came: the bus, a catch-up, a nudge.
  const apply = (projector: Projector, events: readonly RecordedEvent[]) =>
    inSpan(
      'projector batch',
      () => ({ 'moncafe.projector': projector.name, 'moncafe.event_count': events.length, ...commandAttributes(events[0]?.metadata.correlationId) }),
      () => applyGathered(projector, events),
      () => spanOptionsForEvents(events),
    );

  const running: Running[] = [];
  for (const projector of options.projectors) {
    await ensureCheckpoint(db, projector.name);
  }
  const initial = await readCheckpoints(
    db,
    options.projectors.map((p) => p.name),
  );
  for (const projector of options.projectors) {
    running.push({ projector, checkpoint: initial.get(projector.name) ?? 0, tail: Promise.resolve(), recovering: true, passedOver: 0 });
  }

  function advance(r: Running, checkpoint: number) {
    if (checkpoint <= r.checkpoint) return;
    r.checkpoint = checkpoint;
    for (const notify of [...progress]) notify();
  }

  function serial<T>(r: Running, work: () => Promise<T>): Promise<T> {
    const run = r.tail.then(work);
    r.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Reads the store after the checkpoint up to `upTo` (inclusive; Infinity = the head) and applies it. */
  async function catchUp(r: Running, upTo: number) {
    while (!stopped && r.checkpoint < upTo) {
      const page = await eventStore.readAll({ after: r.checkpoint, maxCount: batchSize });
      const wanted = page.filter((e) => e.position <= upTo);
      if (wanted.length === 0) return;
      advance(r, await apply(r.projector, wanted));
      if (wanted.length < page.length || page.length < batchSize) return;
    }
  }

  /** Reads the store until the projector is level with it, trying again after a failure; then it takes bus batches again. */
  async function catchUpUntilDone(r: Running) {
    while (!stopped) {
      try {
        const before = r.checkpoint;
        await catchUp(r, Infinity);
        // Batches that passed it by while the store was read are in the store too: read on until
        // they are applied (after a pause, if this read brought nothing).
        if (r.checkpoint < r.passedOver) {
          if (r.checkpoint === before) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
          continue;
        }
        r.recovering = false;
        options.loops?.ran(`projector-${r.projector.name}`);
        return;
      } catch (err) {
        logger?.error({ err, projector: r.projector.name }, 'projector catch-up failed; retrying');
        options.loops?.failed(`projector-${r.projector.name}`, err);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  /**
   * A batch from the bus, applied in one transaction. A message whose `previousPosition` is past
   * what came before it reveals a gap (a lost message, or a batch delivered again after later
   * ones): what came before is applied, the gap is read from the event store, and the batch goes on.
   */
  async function onMessages(r: Running, messages: readonly BusMessage[]) {
    // Acknowledging while stopping loses nothing: whoever runs this projector next catches up
    // from the event store, and a runner sharing the consumer sees the gap in the next message.
    if (stopped) return;
    let run: RecordedEvent[] = [];
    for (const { event, previousPosition } of messages) {
      const last = run.at(-1)?.position ?? r.checkpoint;
      if (event.position <= last) continue;
      if (previousPosition > last) {
        if (run.length > 0) advance(r, await apply(r.projector, run));
        run = [];
        logger?.info({ projector: r.projector.name, checkpoint: r.checkpoint, previousPosition }, 'gap before bus message; reading it from the event store');
        await catchUp(r, event.position);
        // The message's own event came with the gap, or the store could not fill it yet: then
        // rejecting has the bus deliver the batch again later.
        if (r.checkpoint >= event.position) continue;
        if (r.checkpoint < previousPosition) throw new Error(`projector ${r.projector.name}: event store has no events up to ${previousPosition} yet`);
      }
      run.push(event);
    }
    if (run.length > 0) advance(r, await apply(r.projector, run));
  }

  /**
   * One durable consumer for all the projectors (decision 146): every projector that is level
   * with the store applies each batch (their applies meet in one transaction when they are free
   * at once), and the batch is acknowledged when they have. A projector still reading the store
   * (at start, or after a failure) is passed by and reads the batch's events from the store
   * itself, so one that fails holds back only itself. Nothing is lost by acknowledging: the
   * events are in the store, and every checkpoint moves only past what its projector applied.
   */
  async function onBatch(messages: readonly BusMessage[]) {
    const last = Math.max(...messages.map((m) => m.event.position));
    await Promise.all(
      running.map(async (r) => {
        if (!r.recovering) {
          try {
            await serial(r, () => onMessages(r, messages));
            return;
          } catch (err) {
            logger?.warn(
              { err, projector: r.projector.name, position: messages[0]!.event.position },
              'projector failed on a bus batch; reading the store until it succeeds',
            );
            r.recovering = true;
            void serial(r, () => catchUpUntilDone(r));
          }
        }
        r.passedOver = Math.max(r.passedOver, last);
      }),
    );
  }

  // Subscribe before catching up, so whatever is published meanwhile is passed by and read from
  // the store by the catch-up.
  const subscription: BusSubscription = await bus.consume(durableNameOf(prefix, options.projectors), onBatch);
  const ready = Promise.all(running.map((r) => serial(r, () => catchUpUntilDone(r)))).then(() => undefined);

  const sweepEveryMs = options.sweepEveryMs ?? 10_000;
  const sweep =
    sweepEveryMs > 0
      ? setInterval(() => {
          for (const r of running) {
            // One that is recovering reads the store already.
            if (r.recovering) continue;
            void serial(r, () => catchUp(r, Infinity)).catch((err: unknown) => logger?.warn({ err, projector: r.projector.name }, 'periodic catch-up failed'));
          }
        }, sweepEveryMs)
      : null;
  sweep?.unref();

  // While the bus is away (NATS restarting) nothing arrives through it: each projector reads the
  // store itself every BUS_DOWN_POLL_MS, so a write is in the read models within a fraction of a
  // second, never only at the next sweep (decision 199). One head read per tick when level.
  let polling = false;
  const busDown = bus.connected
    ? setInterval(() => {
        if (polling || stopped || bus.connected!()) return;
        polling = true;
        void (async () => {
          const head = await eventStore.headPosition();
          await Promise.all(running.filter((r) => !r.recovering && r.checkpoint < head).map((r) => serial(r, () => catchUp(r, head))));
        })()
          .catch((err: unknown) => logger?.warn({ err }, 'catch-up while the bus is away failed'))
          .finally(() => {
            polling = false;
          });
      }, BUS_DOWN_POLL_MS)
    : null;
  busDown?.unref();

  function behind(position: number): Running[] {
    return running.filter((r) => r.checkpoint < position);
  }

  /** The newest read-your-writes catch-up still running: the position it reads up to, and until when (a later waiter's bound extends it). */
  let nudging: { position: number; deadline: number } | null = null;

  /**
   * Read-your-writes (`waitFor`): the store already holds the event (the command returned its
   * position), so it is read rather than waited for through the relay and the bus — once for
   * every projector behind it, each applying its part (their applies meet in one transaction).
   * While an older transaction still holds the event back from readers (decision 040: another
   * append, or the projectors' own transaction), it is read again after 1, 2, 4… ms, not left
   * to the relay, whose publishing waits on the same transaction and then on NATS.
   */
  async function nudge(job: { position: number; deadline: number }) {
    const { position } = job;
    // One still reading the store from its own checkpoint (at start, after a failure) gets the
    // position after that read, on its own: the others need not read from where it is.
    for (const r of behind(position).filter((r) => r.recovering)) {
      void serial(r, () => catchUp(r, position)).catch((err: unknown) =>
        logger?.warn({ err, projector: r.projector.name }, 'read-your-writes catch-up failed'),
      );
    }
    for (let pause = 1; !stopped && performance.now() < job.deadline; pause = Math.min(2 * pause, NUDGE_MAX_PAUSE_MS)) {
      const lagging = behind(position).filter((r) => !r.recovering);
      if (lagging.length === 0) return;
      const from = Math.min(...lagging.map((r) => r.checkpoint));
      const page = await eventStore.readAll({ after: from, maxCount: batchSize });
      const wanted = page.filter((e) => e.position <= position);
      await Promise.all(
        lagging.map((r) =>
          serial(r, async () => {
            const fresh = wanted.filter((e) => e.position > r.checkpoint);
            if (fresh.length > 0) advance(r, await apply(r.projector, fresh));
          }),
        ),
      );
      // A full page that ends before the position, applied: read on at once.
      if (page.length === batchSize && wanted.length === page.length && Math.min(...lagging.map((r) => r.checkpoint)) > from) continue;
      if (behind(position).some((r) => !r.recovering)) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  return {
    ready,
    checkpoints: () => new Map(running.map((r) => [r.projector.name, r.checkpoint])),

    async waitFor(position: number, timeoutMs = DEFAULT_WAIT_MS) {
      if (behind(position).length === 0) return;
      const deadline = performance.now() + timeoutMs;
      if (nudging && nudging.position >= position) nudging.deadline = Math.max(nudging.deadline, deadline);
      else {
        const job = { position, deadline };
        nudging = job;
        void nudge(job)
          .catch((err: unknown) => logger?.warn({ err, position }, 'read-your-writes catch-up failed'))
          .finally(() => {
            if (nudging === job) nudging = null;
          });
      }
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (behind(position).length > 0) return;
          finish();
          resolve();
        };
        // Another process (a worker) may be the one applying: look at the table too.
        const poll = setInterval(() => {
          void readCheckpoints(
            db,
            running.map((r) => r.projector.name),
          )
            .then((current) => {
              for (const r of running) advance(r, current.get(r.projector.name) ?? 0);
              check();
            })
            .catch(() => undefined);
        }, DB_POLL_MS);
        const timer = setTimeout(() => {
          finish();
          reject(new ProjectionLagError(position, Object.fromEntries(behind(position).map((r) => [r.projector.name, r.checkpoint]))));
        }, timeoutMs);
        const finish = () => {
          clearInterval(poll);
          clearTimeout(timer);
          progress.delete(check);
        };
        progress.add(check);
        check();
      });
    },

    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      if (busDown) clearInterval(busDown);
      await subscription.close();
      await Promise.all(running.map((r) => r.tail));
    },
  };
}

/**
 * Read-your-writes for a process that does not run the projectors itself (a separate worker
 * does): polls the checkpoint table until every named projector is at or past `position`.
 * Rejects with a ProjectionLagError after `timeoutMs`.
 */
export async function waitForCheckpoints(db: Kysely<Database>, names: readonly string[], position: number, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const current = await readCheckpoints(db, names);
    const lagging = [...current].filter(([, p]) => p < position);
    if (lagging.length === 0) return;
    if (performance.now() >= deadline) throw new ProjectionLagError(position, Object.fromEntries(lagging));
    await new Promise((resolve) => setTimeout(resolve, DB_POLL_MS));
  }
}
