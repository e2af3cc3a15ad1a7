import type { DomainEvent } from './ports';
import type { EventParser } from './streams';

/**
 * A decider in the shape Emmett and Chassaing describe: state is folded from events by
 * `evolve`, and `decide` answers a command with new events or throws a `DomainError`.
 * `parseEvent` reads its streams' recorded events (zod-validated, old names upcast), so the
 * command handler folds exactly what the projectors read.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  parseEvent: EventParser<Event>;
}

/**
 * An error a user can cause: a stable code for the edge to turn into the spec's message (the
 * route's error table, app/http), and the details that message needs. Never Japanese: the
 * domain answers codes, the web app words them.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string = code,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Exhaustiveness guard for the end of `decide` and `evolve` switches. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
