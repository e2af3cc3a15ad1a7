import { z } from 'zod';
import { assertNever, type Decider } from '../decider';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * A person's PIN for the store's shared tablet (/staff/clock, decision 612): `clockpin-{userId}`,
 * one stream per person whatever stores they work at. Only its argon2id hash is recorded (the
 * history screen redacts it as every `…Hash`); a new PIN replaces the old one.
 */
export const CLOCK_PIN_CATEGORY = 'clockpin';

export function clockPinStream(userId: string): string {
  return streamName(CLOCK_PIN_CATEGORY, userId);
}

export function userOfClockPinStream(streamId: string): string | null {
  return streamParts(CLOCK_PIN_CATEGORY, streamId, 1)?.[0] ?? null;
}

/** 4 to 6 digits. */
export const clockPinSchema = z.string().regex(/^\d{4,6}$/);

export const clockPinEventSchemas = {
  ClockPinSet: z.object({ userId: z.string(), pinHash: z.string(), setAt: z.string() }),
};

export type ClockPinEvent = EventsOf<typeof clockPinEventSchemas>;

export const parseClockPinEvent = eventParser(clockPinEventSchemas);

export interface ClockPinState {
  /** Null until the person sets one. */
  pinHash: string | null;
}

export type ClockPinCommand = { type: 'SetClockPin'; userId: string; pinHash: string; now: string };

function decide(command: ClockPinCommand, _state: ClockPinState): ClockPinEvent[] {
  switch (command.type) {
    // Setting it again is how a person changes a PIN they fear someone saw.
    case 'SetClockPin':
      return [{ type: 'ClockPinSet', data: { userId: command.userId, pinHash: command.pinHash, setAt: command.now } }];
    default:
      return assertNever(command.type);
  }
}

function evolve(_state: ClockPinState, event: ClockPinEvent): ClockPinState {
  switch (event.type) {
    case 'ClockPinSet':
      return { pinHash: event.data.pinHash };
    default:
      return assertNever(event.type);
  }
}

export const clockPinDecider: Decider<ClockPinState, ClockPinCommand, ClockPinEvent> = {
  initialState: () => ({ pinHash: null }),
  evolve,
  decide,
  parseEvent: parseClockPinEvent,
};
