import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { scheduleWindow } from '@moncafe/domain/reservation/schedule';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { reservationAnswer, seatAnswer } from '#app/schedule/answers.server';

/**
 * GET /api/admin/reservations/status?date[&store_id] (monitor/admin): the schedule's day —
 * `reservations` (every one of the day that holds or held seats, cancelled included: the screen
 * lists those and leaves them off the grid), `seats`, `menuOptions` and `menuChoices` of the
 * day's courses (option and choice labels by id), plus the day's `hours` (the grid's span) and
 * the server's `now` (overdue blocks are judged against it, so a test's clock is the screen's).
 */
export const loader = jsonCall({
  query: z.object({ date: isoDateSchema.optional(), store_id: recordIdSchema.optional() }),
  async handle({ query, queries, runtime, user, readAllWrites }) {
    // A schedule reads again on a live message (a merge's is sent with its last event): read what was written by then.
    await readAllWrites();
    const now = runtime.clock.now();
    const date = query.date ?? tokyoDateOf(now);
    const storeId = query.store_id ?? (await queries.stores.default())?.store_id ?? null;
    if (storeId === null) return refuse(404, 'not found', { message: 'store not found' });
    const schedule = await queries.reservations.scheduleDay(storeId, date, now);
    if (schedule === null) return refuse(404, 'not found', { message: 'store not found' });
    const { reservations: rows, seats, hours: day, menuOptions: options } = schedule;
    const window = scheduleWindow(day ? { closed: day.is_closed, openTime: day.open_time, closeTime: day.close_time } : null);
    return {
      success: true as const,
      /** Only an admin sets the status in the detail (spec §2). */
      viewer_is_admin: (await user())?.roles.includes('admin') ?? false,
      date,
      store_id: storeId,
      now: now.toISOString(),
      hours: { open_time: day?.open_time ?? null, close_time: day?.close_time ?? null, is_closed: day?.is_closed ?? false, ...window },
      reservations: rows.map((r) => reservationAnswer(r, seats)),
      seats: seats.map(seatAnswer),
      menuOptions: options.map((o) => ({ menu_id: o.menu_id, option_id: o.option_id, label: o.label, type: o.type })),
      menuChoices: options.flatMap((o) => o.choices.map((c) => ({ menu_id: o.menu_id, option_id: o.option_id, id: c.id, label: c.label }))),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type ScheduleReservation = Answer['reservations'][number];
export type ScheduleSeat = Answer['seats'][number];
