import { describeDetail, type DescribedOption } from './detail';
import { reservationTotal, type CustomerContact, type ReservationDetail, type ReservationRequest, type ReservedLine } from './events';
import type { Logger, Mailer } from '../ports';
import type { Notice, ReservationCatalog, ReservationMails, StoreContact } from './ports';

/**
 * A reservation as the customer is shown it, in mails and on the confirm and cancel pages: the
 * request with its total, its options described, the store's name and notices. Facts only; the
 * web app words them (apps/web/app/reservation/presentation.ts).
 */
export interface ReservationSummary {
  reservationId: string;
  /** The number the guest is told (`MC-4821-7K`); the reservation id for reservations from before it existed. */
  reservationNumber: string;
  storeId: string;
  /** null when the store has been removed since. */
  storeName: string | null;
  /** The store's address and phone from its record (decision 407); null when it is gone. */
  storeContact: StoreContact | null;
  date: string;
  time: string;
  people: number;
  customer: CustomerContact;
  lines: ReservedLine[];
  total: number;
  detail: ReservationDetail;
  options: DescribedOption[];
  /** Every option the booked courses ask for (answered or not), by id and label. */
  courseOptions: { optionId: string; label: string }[];
  /** The store's active notices; empty when it has none (the presenter then shows the default ones). */
  notices: Notice[];
  /** The first course's description, for the confirm page. */
  firstCourseDescription: string;
  status: 'awaiting_confirmation' | 'confirmed' | 'cancelled';
  /** The language the guest booked in (decision 363): their mails are written in it. */
  language?: 'ja' | 'en';
}

export async function summarize(catalog: ReservationCatalog, request: ReservationRequest, status: ReservationSummary['status']): Promise<ReservationSummary> {
  const menuIds = [...new Set(request.lines.map((l) => l.menuId))];
  const [{ options }, storeName, storeContact, notices, courses] = await Promise.all([
    catalog.options(menuIds),
    catalog.storeName(request.storeId),
    catalog.storeContact(request.storeId),
    catalog.notices(request.storeId),
    catalog.courses(menuIds.slice(0, 1)),
  ]);
  return {
    reservationId: request.reservationId,
    reservationNumber: request.reservationNumber ?? request.reservationId,
    storeId: request.storeId,
    storeName,
    storeContact,
    date: request.date,
    time: request.time,
    people: request.people,
    customer: request.customer,
    lines: request.lines,
    total: reservationTotal(request),
    detail: request.detail,
    options: describeDetail(options, request.detail),
    courseOptions: options.map((o) => ({ optionId: o.optionId, label: o.label })),
    notices,
    firstCourseDescription: (request.language === 'en' && courses[0]?.descriptionEn) || (courses[0]?.description ?? ''),
    status,
    language: request.language ?? 'ja',
  };
}

/**
 * Tells the guest their reservation was cancelled, whoever cancelled it (the guest's link, or
 * staff from the schedule). The cancellation stands whatever the mail does: a failed mail is
 * logged, not answered.
 */
export async function sendCancelledMail(
  ports: { mailer: Mailer; mails: ReservationMails; logger: Pick<Logger, 'error'> },
  summary: ReservationSummary,
  correlationId: string,
): Promise<void> {
  await ports.mailer
    .send(ports.mails.cancelled(summary))
    .catch((err: unknown) => ports.logger.error({ err, correlationId, reservationId: summary.reservationId }, 'cancelled mail failed'));
}
