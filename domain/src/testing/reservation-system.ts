import type { EventStore, MailMessage } from '../ports';
import { bookingService, type BookingPorts } from '../reservation/booking-service';
import { reservationImages } from '../reservation/images';
import type { ReservationCatalog } from '../reservation/ports';
import { staffReservationService } from '../reservation/staff-reservation-service';
import type { ReservationSummary } from '../reservation/summary';
import { manualClock } from './manual-clock';
import { memoryBlobStore } from './memory-blob-store';
import { memoryEventStore } from './memory-event-store';
import { fixedCatalog, START } from './reservation-catalog';
import { testHashing, testIds } from './test-ids';

/** A mail the booking service sent, with what it was made from (the templates here are plain). */
export interface SentReservationMail {
  kind: 'confirmation-request' | 'confirmed' | 'cancelled';
  summary: ReservationSummary;
  /** The confirmation link's token (confirmation requests only). */
  token: string | null;
  mail: MailMessage;
}

/**
 * The reservation services over in-memory adapters and a manual clock, for unit tests: the
 * mails they send are kept (`mails`, `lastToken()`), the clock moves by hand.
 */
export function reservationTestSystem(options: { catalog?: ReservationCatalog; start?: Date; eventStore?: EventStore } = {}) {
  const clock = manualClock(options.start ?? START);
  const eventStore = options.eventStore ?? memoryEventStore(clock.now);
  const blobs = memoryBlobStore();
  const mails: SentReservationMail[] = [];
  let composing: Omit<SentReservationMail, 'mail'> | null = null;
  const ports: BookingPorts = {
    eventStore,
    clock,
    ids: testIds,
    hashing: testHashing,
    blobs,
    catalog: options.catalog ?? fixedCatalog(),
    logger: { warn: () => {}, error: () => {} },
    mails: {
      confirmationRequest: (summary, token) => {
        composing = { kind: 'confirmation-request', summary, token };
        return { to: summary.customer.email, subject: 'confirm', text: token };
      },
      confirmed: (summary) => {
        composing = { kind: 'confirmed', summary, token: null };
        return { to: summary.customer.email, subject: 'confirmed', text: summary.reservationId };
      },
      cancelled: (summary) => {
        composing = { kind: 'cancelled', summary, token: null };
        return { to: summary.customer.email, subject: 'cancelled', text: summary.reservationId };
      },
    },
    mailer: {
      send: async (mail) => {
        if (composing) mails.push({ ...composing, mail });
        composing = null;
      },
    },
  };
  return {
    clock,
    eventStore,
    blobs,
    ports,
    mails,
    /** The token of the newest confirmation link mailed. */
    lastToken(): string {
      const token = mails.findLast((m) => m.kind === 'confirmation-request')?.token;
      if (!token) throw new Error('no confirmation link was mailed');
      return token;
    },
    booking: bookingService(ports),
    staff: staffReservationService(ports),
    images: reservationImages(ports),
  };
}
