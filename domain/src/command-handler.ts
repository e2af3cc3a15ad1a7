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

/** Folds a stream's recorded events into the decider's state, through its event parser. */
export function foldStream<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve' | 'parseEvent'>,
  events: readonly RecordedEvent[],
): State {
  let state = decider.initialState();
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
 * commands that decide on one stream and write another in between (see reservation/booking.ts):
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

/**
 * The commands of one decider's streams. `handle` loads a stream, decides, and appends with the
 * revision it loaded; on a conflict another writer got there first, so it reloads and decides
 * again, a bounded number of times. `load` is the same first step for a service that must write
 * another stream between deciding and appending (it decides once, then appends or retries).
 */
export function commandHandler<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, deps: HandlerDeps) {
  const maxAttempts = deps.maxAttempts ?? 5;

  async function load(streamId: string): Promise<LoadedStream<State, Command, Event>> {
    const recorded = await deps.eventStore.readStream(streamId);
    const state = foldStream(decider, recorded);
    const revision = recorded.length - 1;
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
        return { events, revision: result.nextExpectedRevision, position: result.lastPosition };
      },
    };
  }

  async function handle(streamId: string, command: Command, context: CommandContext): Promise<CommandResult<Event>> {
    return retryOnConflict(
      async () => {
        const stream = await load(streamId);
        return stream.append(stream.decide(command), context);
      },
      { maxAttempts, what: streamId },
    );
  }

  return { handle, load, maxAttempts };
}

export type CommandHandler<State, Command, Event extends DomainEvent> = ReturnType<typeof commandHandler<State, Command, Event>>;
