import type { DomainEvent } from './ports';

/**
 * A decider in the shape Emmett and Chassaing describe: state is folded from events by
 * `evolve`, and `decide` answers a command with new events or throws a `DomainError`.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/**
 * An error a user can cause: a stable code for the edge to turn into the spec's message,
 * and the details that message needs.
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
