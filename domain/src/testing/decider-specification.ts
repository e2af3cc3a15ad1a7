import { expect } from 'vitest';
import type { Decider } from '../decider';
import type { DomainEvent } from '../ports';

/**
 * given(events).when(command).then(events) for a decider, as Emmett's DeciderSpecification.
 *
 *   const spec = deciderSpecification(catalogDecider);
 *   spec.given([]).when(saveStore).then([storeSaved]);
 *   spec.given([storeSaved]).when(remove).thenThrows((e) => e.code === 'not_found');
 */
export function deciderSpecification<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows<E extends Error>(check?: (error: E) => boolean) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'expected the command to be refused').toBeInstanceOf(Error);
              if (check) expect(check(thrown as E), `unexpected error: ${String(thrown)}`).toBe(true);
            },
          };
        },
      };
    },
  };
}
