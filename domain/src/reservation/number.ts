import { z } from 'zod';
import { metadataOf, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import { WrongExpectedRevisionError, type Clock, type EventStore, type Hashing, type IdGenerator } from '../ports';
import { streamName, type EventsOf } from '../streams';

/**
 * The reservation number a guest reads out on the phone or at the counter: `MC-4821-7K` (four
 * digits, two letters from an alphabet without 0/O and 1/I). It is drawn at random (from the
 * IdGenerator's ≥128-bit tokens), so a neighbour's number says nothing about anyone else's, and
 * it is made unique by claiming it: the claim stream `reservationnumber-{number}` is written with
 * `no_stream` before the reservation, and a number already taken is drawn again. The reservation
 * keeps its uuid as the stream id and in links; the number is a fact of its ReservationRequested
 * (decision 100).
 */
const RESERVATION_NUMBER_CATEGORY = 'reservationnumber';

/** 32 letters and digits that cannot be misread for one another. */
const LETTERS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const reservationNumberPattern = /^MC-\d{4}-[2-9A-HJ-NP-Z]{2}$/;

/** The number a random 256-bit value (64 hex digits) gives: 10,240,000 possible numbers. */
export function reservationNumberOf(randomHex: string): string {
  if (!/^[0-9a-f]{16,}$/i.test(randomHex)) throw new Error('a reservation number needs at least 64 random bits');
  const digits = String(Number.parseInt(randomHex.slice(0, 8), 16) % 10_000).padStart(4, '0');
  const a = LETTERS[Number.parseInt(randomHex.slice(8, 10), 16) % 32]!;
  const b = LETTERS[Number.parseInt(randomHex.slice(10, 12), 16) % 32]!;
  return `MC-${digits}-${a}${b}`;
}

export function numberClaimStreamName(number: string): string {
  return streamName(RESERVATION_NUMBER_CATEGORY, number);
}

export const reservationNumberEventSchemas = {
  ReservationNumberClaimed: z.object({ number: z.string(), reservationId: z.string(), claimedAt: z.string() }),
};
export type ReservationNumberEvent = EventsOf<typeof reservationNumberEventSchemas>;

/** Draws left before giving up: with ten million numbers, even a busy cafe almost never needs a second. */
const DRAWS = 8;

/**
 * Claims a fresh number for `reservationId`. Written before the reservation's own stream: when
 * the reservation append then fails, the number stays claimed by a reservation that does not
 * exist, which costs one number of ten million and nothing else.
 */
export async function claimReservationNumber(
  ports: { eventStore: EventStore; ids: IdGenerator; hashing: Hashing; clock: Clock },
  reservationId: string,
  context: CommandContext,
): Promise<string> {
  for (let draw = 0; draw < DRAWS; draw++) {
    const number = reservationNumberOf(ports.hashing.sha256Hex(ports.ids.token()));
    const event: ReservationNumberEvent = {
      type: 'ReservationNumberClaimed',
      data: { number, reservationId, claimedAt: ports.clock.now().toISOString() },
    };
    try {
      await ports.eventStore.appendToStream(numberClaimStreamName(number), [{ eventId: ports.ids.uuid(), ...event, metadata: metadataOf(context) }], {
        expectedRevision: 'no_stream',
      });
      return number;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new DomainError('number_unavailable');
}
