import { z } from 'zod';
import { isoDateSchema } from '../calendar/date-schemas';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * The reminder mails of one reservation (`reminder-{reservationId}`, decision 290): for each
 * date and time the booking had when its reminder fell due, a process's claim to send it and,
 * once the mailer took it, the record that it went. The stream is what makes a reminder go once
 * with two workers and across restarts: a claim is appended at the stream's revision, so only
 * one process wins it.
 */
export const REMINDER_CATEGORY = 'reminder';

export function toStreamName(reservationId: string): string {
  return streamName(REMINDER_CATEGORY, reservationId);
}

export function fromStreamName(streamId: string): { reservationId: string } | null {
  const parts = streamParts(REMINDER_CATEGORY, streamId, 1);
  return parts ? { reservationId: parts[0]! } : null;
}

const slot = { date: isoDateSchema, time: z.string().regex(/^\d{2}:\d{2}$/) };

export const reminderEventSchemas = {
  /** A process took on sending the reminder of the booking at this date and time. */
  GuestReminderClaimed: z.object({ ...slot, claimedAt: z.string() }),
  /** The mailer accepted the reminder. */
  GuestReminderSent: z.object({ ...slot, sentAt: z.string() }),
};

export type ReminderEvent = EventsOf<typeof reminderEventSchemas>;
export const parseReminderEvent = eventParser(reminderEventSchemas);
