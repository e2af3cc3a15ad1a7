import { parseReservationEvent, type ReservationRequest } from '../reservation/events';
import { fromStreamName as stockStreamOf, parseStockEvent } from '../stock/events';
import {
  WrongExpectedRevisionError,
  type Clock,
  type EventStore,
  type IdGenerator,
  type Logger,
  type MailMessage,
  type Mailer,
  type RecordedEvent,
} from '../ports';
import { parseNotificationEvent, toStreamName, type NotificationTopic } from './events';

/**
 * Tells a store's people of new bookings, cancellations and low stock by mail (decision 132).
 * A reactor: handed every recorded event once or more (a restart, a replay from 0), it plans the
 * mails of an event once — `NotificationsPlanned` on the stream `notification-{eventId}`, appended
 * only if the stream does not exist — then sends each planned mail not yet recorded as sent and
 * records it (`NotificationMailSent`). So a replay sends nothing twice, and a mail that failed
 * (mailer down, process stopped) is sent when the event is handed over again.
 */
export interface NotificationRecipient {
  email: string;
  new_booking: boolean;
  cancellation: boolean;
  low_stock: boolean;
}

export interface NotificationDirectory {
  /** Who is told of what at a store, and the low-stock threshold. */
  settings(storeId: string): Promise<{ recipients: readonly NotificationRecipient[]; low_stock_threshold: number }>;
  storeName(storeId: string): Promise<string | null>;
  menuName(menuId: string): Promise<string | null>;
}

export interface BookingNotice {
  storeName: string | null;
  reservationNumber: string;
  customerName: string;
  date: string;
  time: string;
  people: number;
  courses: string[];
}

/** The wording of the staff mails (apps/web/app/notifications/mails.ts); `to` is filled by the reactor. */
export interface NotificationMails {
  newBooking(notice: BookingNotice): Omit<MailMessage, 'to'>;
  cancellation(notice: BookingNotice & { by: 'customer' | 'staff' }): Omit<MailMessage, 'to'>;
  lowStock(notice: { storeName: string | null; items: { name: string; remaining: number }[]; threshold: number }): Omit<MailMessage, 'to'>;
}

export interface NotificationPorts {
  eventStore: EventStore;
  mailer: Mailer;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  directory: NotificationDirectory;
  mails: NotificationMails;
}

const TYPES = new Set(['ReservationConfirmed', 'ReservationCancelled', 'StockReserved']);

export function notificationReactor(ports: NotificationPorts) {
  /** What an event asks for: a topic, a store and the mail's wording, or null. */
  async function planOf(
    event: RecordedEvent,
  ): Promise<{ topic: NotificationTopic; storeId: string; mail: (threshold: number) => Promise<Omit<MailMessage, 'to'> | null> } | null> {
    if (event.type === 'ReservationConfirmed' || event.type === 'ReservationCancelled') {
      const history = (await ports.eventStore.readStream(event.streamId)).filter((e) => e.position <= event.position);
      const parsed = history.map((e) => parseReservationEvent(e));
      const requested = parsed.find((e) => e?.type === 'ReservationRequested');
      if (!requested || requested.type !== 'ReservationRequested') return null;
      const request: ReservationRequest = requested.data;
      const notice = async (): Promise<BookingNotice> => ({
        storeName: await ports.directory.storeName(request.storeId),
        reservationNumber: request.reservationNumber ?? request.reservationId,
        customerName: request.customer.name,
        date: request.date,
        time: request.time,
        people: request.people,
        courses: request.lines.map((l) => `${l.name} × ${l.quantity}`),
      });
      if (event.type === 'ReservationConfirmed')
        return { topic: 'new_booking', storeId: request.storeId, mail: async () => ports.mails.newBooking(await notice()) };
      // Only a booking that had been confirmed was ever announced; a lapsed request is nobody's news.
      if (!parsed.some((e) => e?.type === 'ReservationConfirmed')) return null;
      const cancelled = parseReservationEvent(event);
      const by = cancelled?.type === 'ReservationCancelled' ? cancelled.data.by : 'customer';
      return { topic: 'cancellation', storeId: request.storeId, mail: async () => ports.mails.cancellation({ ...(await notice()), by }) };
    }
    if (event.type === 'StockReserved') {
      const store = stockStreamOf(event.streamId);
      const reserved = parseStockEvent(event);
      if (!store || reserved?.type !== 'StockReserved') return null;
      return {
        topic: 'low_stock',
        storeId: store.storeId,
        mail: async (threshold) => {
          // Told once per fall: when this order took an item from above the threshold to at or below it.
          const fell = reserved.data.lines.filter((l) => l.remaining <= threshold && l.remaining + l.quantity > threshold);
          if (fell.length === 0) return null;
          const items = await Promise.all(fell.map(async (l) => ({ name: (await ports.directory.menuName(l.menuId)) ?? l.menuId, remaining: l.remaining })));
          return ports.mails.lowStock({ storeName: await ports.directory.storeName(store.storeId), items, threshold });
        },
      };
    }
    return null;
  }

  /** Plans the event's mails unless its stream already holds a plan; answers the stream's events. */
  async function plannedStream(event: RecordedEvent): Promise<RecordedEvent[] | null> {
    const streamId = toStreamName(event.eventId);
    const existing = await ports.eventStore.readStream(streamId);
    if (existing.length > 0) return existing;
    const plan = await planOf(event);
    if (!plan) return null;
    const settings = await ports.directory.settings(plan.storeId);
    const recipients = settings.recipients.filter((r) => r[plan.topic]);
    if (recipients.length === 0) return null;
    const wording = await plan.mail(settings.low_stock_threshold);
    if (!wording) return null;
    try {
      await ports.eventStore.appendToStream(
        streamId,
        [
          {
            eventId: ports.ids.uuid(),
            type: 'NotificationsPlanned',
            data: {
              sourceEventId: event.eventId,
              sourceType: event.type,
              sourcePosition: event.position,
              topic: plan.topic,
              mails: recipients.map((r) => ({ to: r.email, ...wording })),
              plannedAt: ports.clock.now().toISOString(),
            },
            metadata: metadataOf(event),
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      // Another process planned it first: its plan stands.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    return ports.eventStore.readStream(streamId);
  }

  return {
    /** Whether an event may call for a notification (a cheap look at its type). */
    handles: (event: Pick<RecordedEvent, 'type'>) => TYPES.has(event.type),

    /**
     * Sends what the event calls for and is not yet sent; answers how many mails went out now.
     * A mailer failure is thrown after recording what did go out, so the caller hands the event
     * over again later.
     */
    async react(event: RecordedEvent): Promise<number> {
      if (!TYPES.has(event.type)) return 0;
      const stream = await plannedStream(event);
      if (!stream) return 0;
      const parsed = stream.map((e) => parseNotificationEvent(e));
      const plan = parsed.find((e) => e?.type === 'NotificationsPlanned');
      if (plan?.type !== 'NotificationsPlanned') return 0;
      const sent = new Set(parsed.flatMap((e) => (e?.type === 'NotificationMailSent' ? [e.data.index] : [])));
      let revision = stream.length - 1;
      let count = 0;
      for (const [index, mail] of plan.data.mails.entries()) {
        if (sent.has(index)) continue;
        await ports.mailer.send(mail);
        count += 1;
        const appended = await ports.eventStore.appendToStream(
          toStreamName(event.eventId),
          [
            {
              eventId: ports.ids.uuid(),
              type: 'NotificationMailSent',
              data: { index, to: mail.to, sentAt: ports.clock.now().toISOString() },
              metadata: metadataOf(event),
            },
          ],
          { expectedRevision: revision },
        );
        revision = appended.nextExpectedRevision;
      }

      return count;
    },
  };
}

function metadataOf(event: RecordedEvent) {
  return { correlationId: event.metadata.correlationId, causationId: event.eventId, actor: 'system', storeId: event.metadata.storeId };
}

export type NotificationReactor = ReturnType<typeof notificationReactor>;
