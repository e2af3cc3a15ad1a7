import type { Decider } from './decider';
import {
  WrongExpectedRevisionError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type IdGenerator,
  type NewEvent,
  type RecordedEvent,
} from './ports';
import { RecentlyUsed } from './recently-used';

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

class ConcurrencyRetriesExhaustedError extends Error {
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

/** Folds a stream's recorded events into the decider's state (from `from`), through its event parser. */
export function foldStream<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  events: readonly RecordedEvent[],
  from: State = decider.initialState(),
): State {
  let state = from;
  for (const recorded of events) {
    const event = decider.parseEvent(recorded);
    if (event) state = decider.evolve(state, event);
  }
  return state;
}

export function metadataOf(context: CommandContext): EventMetadata {
  return { correlationId: context.correlationId, causationId: context.causationId ?? null, actor: context.actor, storeId: context.storeId ?? null };
}

/** A stream as loaded for one decision: its state, and the way to append what was decided against it. */
export interface LoadedStream<State, Command, Event extends DomainEvent> {
  streamId: string;
  state: State;
  /** Revision of the last loaded event; -1 for a stream that does not exist yet. */
  revision: number;
  /** Decides the command against the loaded state (throws the decider's DomainError). */
  decide(command: Command): Event[];
  /**
   * Appends with the loaded revision. When another writer got there first it throws
   * WrongExpectedRevisionError: load again and decide again (`retryOnConflict`).
   */
  append(events: Event[], context: CommandContext): Promise<CommandResult<Event>>;
}

/**
 * Runs `attempt` again while it fails with a revision conflict, a bounded number of times. For
 * commands that decide on one stream and write another in between (see reservation/booking-service.ts):
 * each attempt loads, decides once, and appends with the revision it loaded.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, options: { maxAttempts: number; what: string }): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (n >= options.maxAttempts) throw new ConcurrencyRetriesExhaustedError(options.what, n);
    }
  }
}

/** Streams whose folded state one process keeps, per event store and decider (the least recently used go first). */
const MAX_CACHED_STREAMS = 10_000;

interface Folded<State> {
  state: State;
  /** Revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

/** One command waiting for its stream, with what its caller needs back. */
interface Queued<Command, Event extends DomainEvent> {
  command: Command;
  context: CommandContext;
  deps: HandlerDeps;
  resolve(result: CommandResult<Event>): void;
  reject(error: unknown): void;
}

/**
 * What one process knows of the streams of one decider in one event store: each stream's
 * folded state and the revision it reached, and the commands waiting for the stream.
 * Commands on one stream never conflict with each other inside the process: the ones waiting
 * together are decided one after the other on the state each leaves, and their events are
 * appended at once (group commit). Each round brings the stream up to date by reading only the
 * events after the revision it knows (other processes may have appended), never the whole
 * stream again.
 */
class StreamStates<State> {
  private readonly folded = new RecentlyUsed<string, Folded<State>>(MAX_CACHED_STREAMS);
  readonly queues = new Map<string, Queued<unknown, DomainEvent>[]>();

  get(streamId: string): Folded<State> | undefined {
    return this.folded.get(streamId);
  }

  /** Remembers a stream's state, unless a later one is already known (a slower read finishing last). */
  set(streamId: string, value: Folded<State>): void {
    const known = this.folded.peek(streamId);
    if (known && known.revision > value.revision) return;
    this.folded.set(streamId, value);
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

/** What `states` knows of a stream: its folded state and revision, or the decider's start. */
function knownOf<State>(decider: Pick<Decider<State, unknown, DomainEvent>, 'initialState'>, states: StreamStates<State>, streamId: string): Folded<State> {
  return states.get(streamId) ?? { state: decider.initialState(), revision: -1 };
}

/** Folds `newer` (the events after `known`) into the state, and remembers the result. */
function foldNewer<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  states: StreamStates<State>,
  streamId: string,
  known: Folded<State>,
  newer: readonly RecordedEvent[],
): Folded<State> {
  if (newer.length === 0) return known;
  const current = { state: foldStream(decider, newer, known.state), revision: newer.at(-1)!.revision };
  states.set(streamId, current);
  return current;
}

/** Folds the events after the revision `states` knows into its state, and remembers the result. */
async function catchUp<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  states: StreamStates<State>,
  streamId: string,
): Promise<Folded<State>> {
  const known = knownOf(decider, states, streamId);
  return foldNewer(decider, states, streamId, known, await eventStore.readStream(streamId, { fromRevision: known.revision + 1 }));
}

/**
 * A stream's current state, through the same per-process state a command handler keeps: only
 * the events after the last revision this process folded are read. It does not wait for
 * commands queued on the stream (a read, not a decision).
 */
export async function currentState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  streamId: string,
): Promise<State> {
  return (await catchUp(eventStore, decider, streamStates<State>(eventStore, decider), streamId)).state;
}

/**
 * Many streams' current states at once, as `currentState` reads one: each from the revision this
 * process folded it to, all in one read of the store (decision 479). By stream id.
 */
export async function currentStates<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  streamIds: readonly string[],
): Promise<Map<string, State>> {
  const states = streamStates<State>(eventStore, decider);
  const known = new Map(streamIds.map((id) => [id, knownOf(decider, states, id)]));
  const newer = await eventStore.readStreams([...known].map(([streamId, k]) => ({ streamId, fromRevision: k.revision + 1 })));
  const current = new Map<string, State>();
  for (const [streamId, k] of known) current.set(streamId, foldNewer(decider, states, streamId, k, newer.get(streamId) ?? []).state);
  return current;
}

/** Commands decided together and appended in one go at most (their events stay far below an append's limit). */
const MAX_GROUP = 100;

/**
 * The commands of one decider's streams. `handle` brings the stream up to date, decides, and
 * appends with the revision it reached. Commands on one stream wait for each other inside the
 * process, and the ones that waited together are appended together; a conflict means another
 * process got there first: catch up and decide again, a bounded number of times. A command the
 * decider refuses gets its error; the others of its group go on. `load` is the same first step
 * for a service that must write another stream between deciding and appending (it decides once,
 * then appends or retries with `retryOnConflict`).
 */
export function commandHandler<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, deps: HandlerDeps) {
  const maxAttempts = deps.maxAttempts ?? 5;
  const states = streamStates<State>(deps.eventStore, decider);

  async function load(streamId: string): Promise<LoadedStream<State, Command, Event>> {
    const { state, revision } = await catchUp(deps.eventStore, decider, states, streamId);
    return {
      streamId,
      state,
      revision,
      decide: (command) => decider.decide(command, state),
      async append(events, context) {
        if (events.length === 0) return { events, revision, position: null };
        const metadata = metadataOf(context);
        const toAppend: NewEvent[] = events.map((e) => ({ eventId: deps.ids.uuid(), type: e.type, data: e.data, metadata }));
        const result = await deps.eventStore.appendToStream(streamId, toAppend, { expectedRevision: revision < 0 ? 'no_stream' : revision });
        states.set(streamId, { state: events.reduce(decider.evolve, state), revision: result.nextExpectedRevision });
        return { events, revision: result.nextExpectedRevision, position: result.lastPosition };
      },
    };
  }

  async function decideGroup(streamId: string, group: Queued<Command, Event>[]) {
    for (let attempt = 1; ; attempt++) {
      const before = await catchUp(deps.eventStore, decider, states, streamId);
      let state = before.state;
      const decided: { item: Queued<Command, Event>; events: Event[] }[] = [];
      const refused: { item: Queued<Command, Event>; error: unknown }[] = [];
      const toAppend: NewEvent[] = [];
      for (const item of group) {
        let events: Event[];
        try {
          events = decider.decide(item.command, state);
        } catch (error) {
          refused.push({ item, error });
          continue;
        }
        decided.push({ item, events });
        state = events.reduce(decider.evolve, state);
        const metadata = metadataOf(item.context);
        for (const e of events) toAppend.push({ eventId: item.deps.ids.uuid(), type: e.type, data: e.data, metadata });
      }
      let appended: { revision: number; position: number | null } = { revision: before.revision, position: null };
      if (toAppend.length > 0) {
        try {
          const result = await deps.eventStore.appendToStream(streamId, toAppend, {
            expectedRevision: before.revision < 0 ? 'no_stream' : before.revision,
          });
          states.set(streamId, { state, revision: result.nextExpectedRevision });
          appended = { revision: result.nextExpectedRevision, position: result.lastPosition };
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) continue;
          const failure = error instanceof WrongExpectedRevisionError ? new ConcurrencyRetriesExhaustedError(streamId, attempt) : error;
          for (const { item } of decided) item.reject(failure);
          for (const { item, error: refusal } of refused) item.reject(refusal);
          return;
        }
      }
      for (const { item, error } of refused) item.reject(error);
      // Each command's revision is the one its own events reached; every command of the group
      // answers the group's last position, which read-your-writes may wait for (it is at or
      // after the command's own events).
      let revision = before.revision;
      for (const { item, events } of decided) {
        revision += events.length;
        item.resolve({ events, revision: events.length > 0 ? revision : before.revision, position: events.length > 0 ? appended.position : null });
      }
      return;
    }
  }

  async function drain(streamId: string, queue: Queued<Command, Event>[]) {
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      try {
        await decideGroup(streamId, group);
      } catch (error) {
        // Reading or appending failed outright (the store is down): every command of the group hears it.
        for (const item of group) item.reject(error);
      }
    }
    states.queues.delete(streamId);
  }

  function handle(streamId: string, command: Command, context: CommandContext): Promise<CommandResult<Event>> {
    return new Promise((resolve, reject) => {
      const item: Queued<Command, Event> = { command, context, deps, resolve, reject };
      const waiting = states.queues.get(streamId) as Queued<Command, Event>[] | undefined;
      if (waiting) {
        waiting.push(item);
        return;
      }
      const queue = [item];
      states.queues.set(streamId, queue as Queued<unknown, DomainEvent>[]);
      void drain(streamId, queue);
    });
  }

  return { handle, load, maxAttempts };
}

export type CommandHandler<State, Command, Event extends DomainEvent> = ReturnType<typeof commandHandler<State, Command, Event>>;
