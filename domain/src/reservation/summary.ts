import { describeDetail } from './detail';
import { shownBooking } from '../billing/course-lines';
import { ratesOn } from '../billing/tax-math';
import type { ReservationRequest } from './events';
import type { Logger, Mailer } from '../ports';
import type { ReservationCatalog, ReservationMails, ReservationSummary } from './ports';

export type { ReservationSummary } from './ports';

export async function summarize(catalog: ReservationCatalog, request: ReservationRequest, status: ReservationSummary['status']): Promise<ReservationSummary> {
  const menuIds = [...new Set(request.lines.map((l) => l.menuId))];
  const [{ options }, storeName, storeContact, notices, courses, taxRule] = await Promise.all([
    catalog.options(menuIds),
    catalog.storeName(request.storeId),
    catalog.storeContact(request.storeId),
    catalog.notices(request.storeId),
    catalog.courses(menuIds),
    catalog.taxRule(request.storeId),
  ]);
  // What the guest is shown is tax included (decision 632), as the bill will charge it.
  const categories = new Map(courses.map((c) => [c.menuId, c.taxCategory ?? ('reduced' as const)]));
  const shown = shownBooking(request, options, categories, ratesOn(taxRule, request.date));
  const first = courses.find((c) => c.menuId === menuIds[0]);
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
    lines: shown.lines,
    total: shown.total,
    detail: request.detail,
    options: describeDetail(options, request.detail).map((o) => ({ ...o, extraPrice: shown.optionPrices.get(o.optionId) ?? o.extraPrice })),
    courseOptions: options.map((o) => ({ optionId: o.optionId, label: o.label })),
    notices,
    remarks: request.remarks ?? '',
    firstCourseDescription: (request.language === 'en' && first?.descriptionEn) || (first?.description ?? ''),
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
