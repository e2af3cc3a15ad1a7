import type { Application } from '@moncafe/domain/application';
import type { ClockKind } from '@moncafe/domain/attendance/decider';
import { addDays, tokyoDateOf, tokyoInstant, weekdayOf } from '@moncafe/domain/calendar/dates';
import type { CommandContext } from '@moncafe/domain/command-handler';
import type { Clock } from '@moncafe/domain/ports';

export type AttendanceDemoServices = Pick<Application, 'attendanceOn'>;

/** How many days before today the demo staff have clock records for. */
export const DEMO_ATTENDANCE_DAYS = 6;

/** A day's presses as minutes after midnight (Tokyo): the early and the late pattern of the demo's shifts. */
const patterns: [ClockKind, number][][] = [
  [
    ['in', 8 * 60 + 56],
    ['break_start', 12 * 60],
    ['break_end', 12 * 60 + 45],
    ['out', 15 * 60 + 4],
  ],
  [
    ['in', 12 * 60 + 58],
    ['break_start', 16 * 60 + 30],
    ['break_end', 17 * 60 + 30],
    // Past 22:00 now and then, so the month shows 深夜 minutes.
    ['out', 21 * 60 + 12],
  ],
];

/**
 * The demo staff's worked days (decision 611): for the days before today, each person presses
 * 出勤, 休憩開始, 休憩終了 and 退勤 at their stores through the time clock's ordinary command, on a
 * clock set to each press's instant, so a fresh start shows /admin/attendance and the sales
 * screen's labour cost filled. Wednesdays (the demo store's closed day) and every third day of a
 * person are days off. Presses come from the store's tablet, so none is flagged for the fence.
 */
export async function loadAttendanceDemo(
  services: AttendanceDemoServices,
  deps: { clock: Clock; staff: readonly { accountId: string; storeIds: readonly string[] }[] },
  context: CommandContext,
): Promise<void> {
  const today = tokyoDateOf(deps.clock.now());
  for (let back = DEMO_ATTENDANCE_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    if (weekdayOf(date) === 3) continue;
    for (const [i, person] of deps.staff.entries()) {
      if ((back + i) % 3 === 0) continue;
      // One store a day: someone on two stores' staff works at each in turn.
      const storeId = person.storeIds[back % person.storeIds.length]!;
      for (const [kind, minute] of patterns[i % 2]!) {
        // Two days ago the late shift stayed on past 22:00.
        const at = tokyoInstant(date, minute + (kind === 'out' && back === 2 ? 75 : 0));
        await services.attendanceOn({ now: () => at }).clock({ storeId, kind, via: 'tablet', position: null }, { ...context, actor: person.accountId });
      }
    }
  }
}
