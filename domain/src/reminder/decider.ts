import { assertNever, type Decider } from '../decider';
import { parseReminderEvent, type ReminderEvent } from './events';

/**
 * How long a claim holds (decision 290): a process that claimed a reminder and stopped before
 * recording it sent leaves it to another run after this many minutes.
 */
export const CLAIM_HOLD_MINUTES = 10;

/** Per booked date and time (`YYYY-MM-DD HH:mm`): when it was last claimed, and whether it went. */
export interface ReminderState {
  slots: Readonly<Record<string, { claimedAt: string; sent: boolean }>>;
}

export type ReminderCommand =
  { type: 'ClaimReminder'; date: string; time: string; now: string } | { type: 'RecordReminderSent'; date: string; time: string; now: string };

const keyOf = (date: string, time: string) => `${date} ${time}`;

/** Whether the reminder of this date and time went, or is held by a claim younger than CLAIM_HOLD_MINUTES. */
function taken(state: ReminderState, date: string, time: string, now: string): boolean {
  const slot = state.slots[keyOf(date, time)];
  if (!slot) return false;
  return slot.sent || Date.parse(now) - Date.parse(slot.claimedAt) < CLAIM_HOLD_MINUTES * 60_000;
}

/** A claim is won once per hold; a claim already won, or a reminder already sent, decides nothing. */
function decide(command: ReminderCommand, state: ReminderState): ReminderEvent[] {
  const { date, time, now } = command;
  switch (command.type) {
    case 'ClaimReminder':
      return taken(state, date, time, now) ? [] : [{ type: 'GuestReminderClaimed', data: { date, time, claimedAt: now } }];
    case 'RecordReminderSent':
      return state.slots[keyOf(date, time)]?.sent ? [] : [{ type: 'GuestReminderSent', data: { date, time, sentAt: now } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: ReminderState, event: ReminderEvent): ReminderState {
  const key = keyOf(event.data.date, event.data.time);
  const slot = state.slots[key];
  switch (event.type) {
    case 'GuestReminderClaimed':
      return { slots: { ...state.slots, [key]: { claimedAt: event.data.claimedAt, sent: slot?.sent ?? false } } };
    case 'GuestReminderSent':
      return { slots: { ...state.slots, [key]: { claimedAt: slot?.claimedAt ?? event.data.sentAt, sent: true } } };
    default:
      return assertNever(event);
  }
}

export const reminderDecider: Decider<ReminderState, ReminderCommand, ReminderEvent> = {
  initialState: () => ({ slots: {} }),
  evolve,
  decide,
  parseEvent: parseReminderEvent,
};
