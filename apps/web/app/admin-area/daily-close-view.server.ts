import type { Application } from '@moncafe/domain/application';
import { changedFigures } from '@moncafe/domain/register/figures';
import type { Queries } from '@moncafe/projections/queries';
import { dailyCloseTexts as t } from './register-texts';

/**
 * What /admin/daily-close shows for a store and business day: the day's figures now, its close
 * (when closed) with the corrections it reported and those made to it, the closed days whose
 * sales changed since, and the recent closes. Reads only; names instead of account ids.
 */
export async function dailyCloseView(services: Application, queries: Queries, storeId: string, date: string) {
  const [day, close, corrections, closes, accounts, courses] = await Promise.all([
    services.register.dayOf(storeId, date),
    queries.register.close(storeId, date),
    queries.register.corrections(storeId, date),
    queries.register.closes(storeId),
    queries.accounts.list(),
    queries.reservations.courseReconciliation(storeId, date),
  ]);
  const names = new Map(accounts.map((a) => [a.accountId, a.name]));
  const nameOf = (id: string) => names.get(id) ?? t.unknownAccount;
  const changed = await Promise.all(
    day.changedDays.map(async (d) => {
      const [closed, now] = await Promise.all([queries.register.close(storeId, d), queries.register.dayFigures(storeId, d)]);
      return {
        date: d,
        countedTotal: closed?.counted.sales.total ?? 0,
        nowTotal: now.sales.total,
        // Each figure that changed, so the owner sees what a correction will record.
        figures: closed ? changedFigures(closed.counted, now) : [],
      };
    }),
  );
  return {
    storeId,
    date,
    today: day.today,
    figures: close ? close.counted : day.figures,
    /** Parties still seated and orders unpaid (decision 516): named on the close's confirmation. */
    open: close ? null : day.open,
    close: close
      ? {
          closedAt: close.closed_at.toISOString(),
          closedBy: nameOf(close.closed_by),
          cash: { expected: close.cash_expected, counted: close.cash_counted, difference: close.cash_difference },
          note: close.note,
          reported: close.corrections.map((c) => ({ ...c, correctedBy: nameOf(c.correctedBy) })),
        }
      : null,
    corrections: corrections.map((c) => ({
      id: c.correction_id,
      reason: c.reason,
      totalBefore: c.total_before,
      totalAfter: c.total_after,
      correctedBy: nameOf(c.corrected_by),
      correctedAt: c.corrected_at.toISOString(),
    })),
    changed,
    /** Booked courses against what was billed for them (decision 633), per reservation. */
    courses: courses.map((c) => ({
      reservationNumber: c.reservation_number ?? c.id,
      time: c.reservation_time.slice(0, 5),
      booked: c.course_booked ?? 0,
      billed: c.course_billed ?? 0,
      difference: (c.course_billed ?? 0) - (c.course_booked ?? 0),
    })),
    closes: closes.map((c) => ({
      date: c.business_date,
      total: c.counted.sales.total,
      cashDifference: c.cash_difference,
      closedAt: c.closed_at.toISOString(),
      closedBy: nameOf(c.closed_by),
    })),
  };
}

export type DailyCloseView = Awaited<ReturnType<typeof dailyCloseView>>;
