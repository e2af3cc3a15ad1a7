import type { Application } from '@moncafe/domain/application';
import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { CommandContext } from '@moncafe/domain/command-handler';
import type { Clock, Logger } from '@moncafe/domain/ports';
import { DEMO_STORE_ID } from './demo-data';

/**
 * The demo cafe's reservation schedule (decision 110): phone bookings today and tomorrow, so
 * /monitor/reservation is filled on `npm start`. Ordinary commands (the seating ledger decides);
 * a booking the ledger refuses is skipped. Not loaded under NODE_ENV=test: there the clock moves
 * and tests book the seats they need themselves (decision 110).
 */
const bookings: [day: 0 | 1, time: string, seatId: string, people: number, name: string, phone: string][] = [
  [0, '10:30', 'seat-c1', 1, '佐藤 美咲', '090-1111-2222'],
  [0, '11:00', 'seat-t1', 2, '鈴木 一郎', '090-2222-3333'],
  [0, '12:00', 'seat-t3', 3, '高橋 由美', '080-3333-4444'],
  [0, '13:30', 'seat-s1', 5, '田中 健太', '070-4444-5555'],
  [0, '15:00', 'seat-t2', 2, '伊藤 さくら', '090-5555-6666'],
  [0, '17:30', 'seat-t4', 4, '渡辺 翔', '080-6666-7777'],
  [1, '11:30', 'seat-t3', 4, '山本 花子', '090-7777-8888'],
  [1, '14:00', 'seat-t1', 2, '中村 大輔', '070-8888-9999'],
];

export async function loadScheduleDemo(
  services: Pick<Application, 'reservationStaff'>,
  system: { clock: Clock; logger: Logger },
  context: CommandContext,
): Promise<number> {
  const today = tokyoDateOf(system.clock.now());
  let booked = 0;
  for (const [day, time, seatId, people, name, phone] of bookings) {
    try {
      await services.reservationStaff.bookByPhone({
        storeId: DEMO_STORE_ID,
        date: addDays(today, day),
        time,
        people,
        seatIds: [seatId],
        customer: { name, phone, email: '' },
        actor: context.actor,
        correlationId: context.correlationId,
      });
      booked += 1;
    } catch (err) {
      system.logger.warn({ err, seatId, time }, 'demo reservation not booked');
    }
  }
  return booked;
}
