import { z } from 'zod';
import { yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import type { AttendancePerson } from '@moncafe/projections/attendance/month';
import { csvDocument } from '#app/admin-area/csv';
import { attendanceTexts as t } from './texts';

/** `?store_id&month=YYYY-MM` of the time clock's month reads. */
export const monthQuery = z.object({ store_id: recordIdSchema, month: yearMonthSchema });

const flagsText = (flags: readonly string[]) => flags.map((f) => t.flags[f] ?? f).join(' ');

/**
 * The month's CSV for a payroll tool: one row per person and day, exactly the screen's rows
 * (`GET /api/admin/attendance`), or one per person (`summary`); UTF-8 with a BOM (csv.ts).
 */
export function attendanceCsv(kind: 'days' | 'summary', storeName: string, staff: readonly AttendancePerson[]): string {
  if (kind === 'summary')
    return csvDocument([
      t.csv.summary,
      ...staff.map((p) => [
        storeName,
        p.user_id,
        p.name,
        p.wage,
        p.totals.days_worked,
        p.totals.worked_minutes,
        p.totals.late_night_minutes,
        p.totals.overtime_minutes,
        p.totals.break_warnings,
        p.totals.wage_yen,
        p.warnings.map((w) => t.personWarnings[w] ?? w).join(' '),
      ]),
    ]);
  return csvDocument([
    t.csv.days,
    ...staff.flatMap((p) =>
      p.days.map((d) => [
        storeName,
        p.user_id,
        p.name,
        d.date,
        d.planned?.start ?? null,
        d.planned?.end ?? null,
        d.actual?.in ?? null,
        d.actual?.out ? `${d.actual.out_next_day ? t.nextDay : ''}${d.actual.out}` : null,
        d.break_minutes,
        d.worked_minutes,
        d.late_night_minutes,
        d.overtime_minutes,
        d.wage_yen,
        flagsText(d.flags),
      ]),
    ),
  ]);
}
