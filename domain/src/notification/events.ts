import { z } from 'zod';
import { eventParser, streamName, streamParts, type EventsOf } from '../streams';

/**
 * The staff notifications one event of the store caused (`notification-{sourceEventId}`, decision
 * 132): the mails planned for it, then each one sent. The stream is the reactor's memory: an event
 * replayed finds its stream and sends only what is not yet recorded as sent.
 */
const NOTIFICATION_CATEGORY = 'notification';

export function toStreamName(sourceEventId: string): string {
  return streamName(NOTIFICATION_CATEGORY, sourceEventId);
}

export function fromStreamName(streamId: string): { sourceEventId: string } | null {
  const parts = streamParts(NOTIFICATION_CATEGORY, streamId, 1);
  return parts ? { sourceEventId: parts[0]! } : null;
}

const notificationTopicSchema = z.enum(['new_booking', 'cancellation', 'low_stock']);
export type NotificationTopic = z.output<typeof notificationTopicSchema>;

const mailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });

export const notificationEventSchemas = {
  /** The mails an event calls for, worded and addressed when it was first seen (settings may change later). */
  NotificationsPlanned: z.object({
    sourceEventId: z.string(),
    sourceType: z.string(),
    sourcePosition: z.number().int(),
    topic: notificationTopicSchema,
    mails: z.array(mailSchema),
    plannedAt: z.string(),
  }),
  /** One planned mail handed to the mailer. */
  NotificationMailSent: z.object({ index: z.number().int().min(0), to: z.string(), sentAt: z.string() }),
};

export type NotificationEvent = EventsOf<typeof notificationEventSchemas>;
export const parseNotificationEvent = eventParser(notificationEventSchemas);
