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
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}

/**
 * Loads a stream, decides, and appends with the revision it loaded. On a conflict another
 * writer got there first: reload and decide again, a bounded number of times.
 */
export function commandHandler<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, deps: HandlerDeps) {
  const maxAttempts = deps.maxAttempts ?? 5;
  return async function handle(streamId: string, command: Command, context: CommandContext): Promise<CommandResult<Event>> {
    for (let attempt = 1; ; attempt++) {
      const recorded = await deps.eventStore.readStream(streamId);
      const state = foldStream<State, Event>(decider, recorded);
      const revision = recorded.length - 1;
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
        return { events, revision: result.nextExpectedRevision, position: result.lastPosition };
      } catch (error) {
        if (!isWrongExpectedRevision(error)) throw error;
        if (attempt >= maxAttempts) throw new ConcurrencyRetriesExhaustedError(streamId, attempt);
      }
    }
  };
}
