import { addDays, tokyoDateOf, tokyoInstant, type IsoDate } from '../calendar/dates';
import { commandHandler } from '../command-handler';
import type { Clock, EventStore, IdGenerator, Logger, MailMessage, Mailer, RecordedEvent } from '../ports';
import { parseReservationEvent, toStreamName as reservationStream } from '../reservation/events';
import type { ReservationCatalog } from '../reservation/ports';
import { summarize, type ReservationSummary } from '../reservation/summary';
import { reminderDecider } from './decider';
import { toStreamName } from './events';

/** A store's reminder setting (/admin/notifications): whether guests are reminded, and at what hour (Tokyo) the day before. */
export interface ReminderSetting {
  enabled: boolean;
  hour: number;
}

export interface ReminderDirectory {
  storeIds(): Promise<string[]>;
  setting(storeId: string): Promise<ReminderSetting>;
  /** The ids of a store's reservations on a day that the read model holds as confirmed web bookings. */
  confirmedOn(storeId: string, date: IsoDate): Promise<string[]>;
}

/** The wording of the guest's reminder (apps/web/app/reservation/mails.ts). */
export interface ReminderMails {
  reminder(summary: ReservationSummary): MailMessage;
}

export interface ReminderPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  catalog: ReservationCatalog;
  mails: ReminderMails;
  directory: ReminderDirectory;
}

/** What a booking's own events say of it as of now, for its reminder. */
interface Booked {
  status: 'confirmed' | 'other';
  storeId: string;
  date: string;
  time: string;
  /** When the booking got the date and time it has (ISO, the events' own clock): its confirmation, or the last move that changed them. */
  settledAt: string;
  summarySource: Parameters<typeof summarize>[1] | null;
}

/**
 * The guests' reminder mails (decision 290). The day before a confirmed booking,
 * from the store's hour (Tokyo) until that day ends, the guest is sent one reminder with the
 * date, time, party, course and the cancel link. A booking that got its date and time after the
 * hour (booked late, or moved there late) gets none; a cancelled one none; a moved one gets the
 * reminder of its new date and time. `sendDue` is safe to run from any number of processes, at
 * any moment, again and again: the reminder stream's claims let one process send each reminder.
 */
export function guestReminderService(ports: ReminderPorts) {
  const reminders = commandHandler(reminderDecider, { eventStore: ports.eventStore, ids: ports.ids });

  async function bookingOf(reservationId: string): Promise<Booked | null> {
    const events: RecordedEvent[] = await ports.eventStore.readStream(reservationStream(reservationId));
    let booked = null as Booked | null;
    for (const recorded of events) {
      const event = parseReservationEvent(recorded);
      if (!event) continue;
      switch (event.type) {
        case 'ReservationRequested':
          booked = {
            status: 'other',
            storeId: event.data.storeId,
            date: event.data.date,
            time: event.data.time,
            settledAt: event.data.requestedAt,
            summarySource: event.data,
          };
          break;
        case 'ReservationConfirmed':
          if (booked) booked = { ...booked, status: 'confirmed', settledAt: event.data.confirmedAt };
          break;
        case 'ReservationMoved':
          if (booked) {
            const date = event.data.date ?? booked.date;
            const people = event.data.people ?? booked.summarySource?.people;
            const source: Booked['summarySource'] = booked.summarySource && { ...booked.summarySource, date, time: event.data.time, people: people ?? 1 };
            const settledAt = date !== booked.date || event.data.time !== booked.time ? event.data.movedAt : booked.settledAt;
            booked = { ...booked, date, time: event.data.time, settledAt, summarySource: source };
          }
          break;
        case 'ReservationCancelled':
        case 'CheckedOut':
        case 'MarkedNoShow':
        case 'CustomerArrived':
        case 'WalkInSeated':
          if (booked) booked = { ...booked, status: 'other' };
          break;
        case 'NoShowReverted':
          if (booked) booked = { ...booked, status: 'confirmed' };
          break;
        case 'GuestDetailsCorrected':
          if (booked?.summarySource)
            booked = {
              ...booked,
              summarySource: { ...booked.summarySource, customer: { ...booked.summarySource.customer, name: event.data.name, phone: event.data.phone } },
            };
          break;
        case 'GuestForgotten':
          if (booked) booked = { ...booked, status: 'other', summarySource: null };
          break;
        default:
          break;
      }
    }
    return booked;
  }

  /** Sends the reminder of one reservation if it is due for `date` and no process sent or holds it; answers whether it went. */
  async function remind(reservationId: string, date: IsoDate, dueAt: Date): Promise<boolean> {
    const booked = await bookingOf(reservationId);
    if (!booked || booked.status !== 'confirmed' || booked.date !== date || !booked.summarySource) return false;
    if (Date.parse(booked.settledAt) > dueAt.getTime() || !booked.summarySource.customer.email) return false;
    const now = ports.clock.now().toISOString();
    const context = { correlationId: ports.ids.uuid(), actor: 'system', storeId: booked.storeId };
    const claim = await reminders.handle(toStreamName(reservationId), { type: 'ClaimReminder', date, time: booked.time, now }, context);
    if (claim.events.length === 0) return false;
    const summary = await summarize(ports.catalog, booked.summarySource, 'confirmed');
    await ports.mailer.send(ports.mails.reminder(summary));
    await reminders.handle(toStreamName(reservationId), { type: 'RecordReminderSent', date, time: booked.time, now: ports.clock.now().toISOString() }, context);
    return true;
  }

  return {
    /**
     * Sends every reminder due now. A mail that fails is logged and left to a later run (its
     * claim lapses after CLAIM_HOLD_MINUTES); the others still go. Answers how many went.
     */
    async sendDue(): Promise<{ sent: number; failed: number }> {
      const now = ports.clock.now();
      const today = tokyoDateOf(now);
      const tomorrow = addDays(today, 1);
      let sent = 0;
      let failed = 0;
      for (const storeId of await ports.directory.storeIds()) {
        const setting = await ports.directory.setting(storeId);
        const dueAt = tokyoInstant(today, setting.hour * 60);
        if (!setting.enabled || now < dueAt) continue;
        for (const reservationId of await ports.directory.confirmedOn(storeId, tomorrow)) {
          try {
            if (await remind(reservationId, tomorrow, dueAt)) sent += 1;
          } catch (err) {
            failed += 1;
            ports.logger.error({ err, reservationId }, 'reminder mail failed; a later run tries again');
          }
        }
      }
      return { sent, failed };
    },
  };
}

export type GuestReminderService = ReturnType<typeof guestReminderService>;
