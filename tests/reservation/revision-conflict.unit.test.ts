import { describe, expect, it } from 'vitest';
import { commandHandler } from '@moncafe/domain/command-handler';
import type { EventStore } from '@moncafe/domain/ports';
import { seatingLedger } from '@moncafe/domain/seating/ledger';
import { memoryEventStore } from '@moncafe/infra/eventstore/memory';
import { realIds, seats } from './fixtures';

/** The same error class as a second copy of the ports module would define it (the built server bundles the domain). */
class WrongExpectedRevisionError extends Error {
  constructor() {
    super('stream: expected revision 0, found 1');
    this.name = 'WrongExpectedRevisionError';
  }
}

describe('a revision conflict from another copy of the ports module', () => {
  it('is still retried by the command handler', async () => {
    const inner = memoryEventStore();
    let conflicts = 1;
    const eventStore: EventStore = {
      ...inner,
      readStream: (...args) => inner.readStream(...args),
      appendToStream: async (...args) => {
        if (conflicts-- > 0) throw new WrongExpectedRevisionError();
        return inner.appendToStream(...args);
      },
    };
    const handle = commandHandler(seatingLedger, { eventStore, ids: realIds });
    const result = await handle(
      'seating-s-2026-12-20',
      {
        type: 'HoldSeats',
        holdId: 'h',
        sessionId: 's',
        people: 2,
        startMinute: 720,
        courseMinutes: null,
        latestEndMinute: null,
        seats,
        now: '2026-12-01T00:00:00Z',
        expiresAt: '2026-12-01T00:05:00Z',
      },
      { correlationId: 'c', actor: 'customer' },
    );
    expect(result.events.map((e) => e.type)).toEqual(['SeatsHeld']);
  });
});
