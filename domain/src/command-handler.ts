import type { Decider } from './decider';
import { isWrongExpectedRevision, type DomainEvent, type EventMetadata, type EventStore, type IdGenerator, type NewEvent, type RecordedEvent } from './ports';

export interface CommandContext {
  correlationId: string;
  causationId?: string | null;
  actor: string;
  storeId?: string | null;
}

export interface CommandResult<Event extends DomainEvent> {
  events: Event[];
  /** Revision of the stream after the command; -1 when the stream is still empty. */
  revision: number;
  /** Global position of the last appended event, or null when the command appended nothing. */
  position: number | null;
}

export class ConcurrencyRetriesExhaustedError extends Error {
  constructor(
    readonly streamId: string,
    readonly attempts: number,
  ) {
    super(`stream ${streamId}: gave up after ${attempts} concurrent-write conflicts`);
    this.name = 'ConcurrencyRetriesExhaustedError';
  }
}

export interface HandlerDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  /** How many times a conflicting append is retried after reloading the stream. */
  maxAttempts?: number;
}

/** Folds a stream's events into the decider's state. */
export function foldStream<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
  from: State = decider.initialState(),
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), from);
}

/** Streams whose folded state one process keeps, per event store and decider (the least recently used go first). */
const MAX_CACHED_STREAMS = 10_000;

interface Folded<State> {
  state: State;
  /** Revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

/**
 * What one process knows of the streams of one decider in one event store: each stream's
 * folded state and the revision it reached, and the queue of commands waiting for the stream.
 * Commands on one stream run one at a time inside the process, so they never conflict with
 * each other; each brings its stream up to date by reading only the events after the revision
 * it knows (other processes may have appended), never the whole stream again.
 */
class StreamStates<State> {
  private readonly folded = new Map<string, Folded<State>>();
  private readonly queues = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier piece of work on the same stream has finished. */
  exclusive<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(streamId) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return run;
  }

  get(streamId: string): Folded<State> | undefined {
    const known = this.folded.get(streamId);
    if (known) {
      // Most recently used last, so the oldest is dropped first.
      this.folded.delete(streamId);
      this.folded.set(streamId, known);
    }
    return known;
  }

  /** Remembers a stream's state, unless a later one is already known (a slower read finishing last). */
  set(streamId: string, value: Folded<State>): void {
    const known = this.folded.get(streamId);
    if (known && known.revision > value.revision) return;
    this.folded.delete(streamId);
    this.folded.set(streamId, value);
    if (this.folded.size > MAX_CACHED_STREAMS) {
      const oldest = this.folded.keys().next().value;
      if (oldest !== undefined) this.folded.delete(oldest);
    }
  }
}

// Keyed by the store and decider objects: a process's state goes away with its event store, and
// tests that make a store of their own start empty.
const statesByStore = new WeakMap<EventStore, WeakMap<object, StreamStates<unknown>>>();

function streamStates<State>(eventStore: EventStore, decider: object): StreamStates<State> {
  let byDecider = statesByStore.get(eventStore);
  if (!byDecider) {
    byDecider = new WeakMap();
    statesByStore.set(eventStore, byDecider);
  }
  let states = byDecider.get(decider);
  if (!states) {
    states = new StreamStates<unknown>();
    byDecider.set(decider, states);
  }
  return states as StreamStates<State>;
}

/** Folds the events after the revision `states` knows into its state, and remembers the result. */
async function catchUp<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  states: StreamStates<State>,
  streamId: string,
): Promise<Folded<State>> {
  const known = states.get(streamId) ?? { state: decider.initialState(), revision: -1 };
  const newer = await eventStore.readStream(streamId, { fromRevision: known.revision + 1 });
  if (newer.length === 0) return known;
  const current = { state: foldStream(decider, newer, known.state), revision: newer.at(-1)!.revision };
  states.set(streamId, current);
  return current;
}

/**
 * A stream's current state, through the same per-process state a command handler keeps: only
 * the events after the last revision this process folded are read. It does not wait for
 * commands queued on the stream (a read, not a decision).
 */
export async function currentState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<State> {
  return (await catchUp(eventStore, decider, streamStates<State>(eventStore, decider), streamId)).state;
}

/**
 * Brings the stream up to date, decides, and appends with the revision it reached. Commands on
 * one stream wait for each other inside the process; a conflict means another process got
 * there first: catch up and decide again, a bounded number of times.
 */
export function commandHandler<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, deps: HandlerDeps) {
  const maxAttempts = deps.maxAttempts ?? 5;
  const states = streamStates<State>(deps.eventStore, decider);
  return function handle(streamId: string, command: Command, context: CommandContext): Promise<CommandResult<Event>> {
    return states.exclusive(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const { state, revision } = await catchUp(deps.eventStore, decider, states, streamId);
        const events = decider.decide(command, state);
        if (events.length === 0) return { events, revision, position: null };

        const metadata: EventMetadata = {
          correlationId: context.correlationId,
          causationId: context.causationId ?? null,
          actor: context.actor,
          storeId: context.storeId ?? null,
        };
        const toAppend: NewEvent[] = events.map((e) => ({ eventId: deps.ids.uuid(), type: e.type, data: e.data, metadata }));
        try {
          const result = await deps.eventStore.appendToStream(streamId, toAppend, {
            expectedRevision: revision < 0 ? 'no_stream' : revision,
          });
          states.set(streamId, { state: events.reduce(decider.evolve, state), revision: result.nextExpectedRevision });
          return { events, revision: result.nextExpectedRevision, position: result.lastPosition };
        } catch (error) {
          if (!isWrongExpectedRevision(error)) throw error;
          if (attempt >= maxAttempts) throw new ConcurrencyRetriesExhaustedError(streamId, attempt);
        }
      }
    });
  };
}
