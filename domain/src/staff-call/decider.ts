import { DomainError, assertNever, type Decider } from '../decider';
import { parseStaffCallEvent, type StaffCallEvent } from './events';

/**
 * A visit's staff calls (events.ts, decision 281). A call stays open until the floor acknowledges
 * it; calling again while one is open changes nothing (a guest tapping twice rings once). After an
 * acknowledgement the table may call again once CALL_INTERVAL_SECONDS have passed since its last
 * call, and at most MAX_CALLS_PER_VISIT times in all: a phone cannot flood the floor.
 */
export const CALL_INTERVAL_SECONDS = 30;
export const MAX_CALLS_PER_VISIT = 30;

export type StaffCallCommand =
  | { type: 'CallStaff'; callId: string; storeId: string; seatId: string; seatName: string; now: string }
  | { type: 'AcknowledgeCall'; callId: string; now: string };

export interface OpenCall {
  callId: string;
  seatId: string;
  seatName: string;
  calledAt: string;
}

export interface StaffCallState {
  open: OpenCall | null;
  lastCalledAt: string | null;
  calls: number;
  /** Every call the visit made (at most MAX_CALLS_PER_VISIT), so an answer names one that exists. */
  callIds: string[];
}

/** `call_too_soon` (details: `retryAfterSeconds`), `too_many_calls`, `unknown_call` (an answer to a call the visit never made). */
export type StaffCallErrorCode = 'call_too_soon' | 'too_many_calls' | 'unknown_call';

export function decide(command: StaffCallCommand, state: StaffCallState): StaffCallEvent[] {
  switch (command.type) {
    case 'CallStaff': {
      if (state.open) return [];
      if (state.calls >= MAX_CALLS_PER_VISIT) throw new DomainError<StaffCallErrorCode>('too_many_calls');
      const since = state.lastCalledAt ? (Date.parse(command.now) - Date.parse(state.lastCalledAt)) / 1000 : Infinity;
      if (since < CALL_INTERVAL_SECONDS)
        throw new DomainError<StaffCallErrorCode>('call_too_soon', 'call_too_soon', { retryAfterSeconds: Math.ceil(CALL_INTERVAL_SECONDS - since) });
      const { callId, storeId, seatId, seatName, now } = command;
      return [{ type: 'StaffCalled', data: { callId, storeId, seatId, seatName, calledAt: now } }];
    }
    case 'AcknowledgeCall':
      // A call answered already is answered again as done (a resent tap); one never made is refused.
      if (!state.callIds.includes(command.callId)) throw new DomainError<StaffCallErrorCode>('unknown_call');
      return state.open?.callId === command.callId ? [{ type: 'StaffCallAcknowledged', data: { callId: command.callId, acknowledgedAt: command.now } }] : [];
    default:
      return assertNever(command);
  }
}

export function evolve(state: StaffCallState, event: StaffCallEvent): StaffCallState {
  switch (event.type) {
    case 'StaffCalled': {
      const { callId, seatId, seatName, calledAt } = event.data;
      return { open: { callId, seatId, seatName, calledAt }, lastCalledAt: calledAt, calls: state.calls + 1, callIds: [...state.callIds, callId] };
    }
    case 'StaffCallAcknowledged':
      return state.open?.callId === event.data.callId ? { ...state, open: null } : state;
    default:
      return assertNever(event);
  }
}

export const initialState = (): StaffCallState => ({ open: null, lastCalledAt: null, calls: 0, callIds: [] });

export const staffCallDecider: Decider<StaffCallState, StaffCallCommand, StaffCallEvent> = { initialState, evolve, decide, parseEvent: parseStaffCallEvent };
