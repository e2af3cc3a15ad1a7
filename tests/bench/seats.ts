import { performance } from 'node:perf_hooks';
import { DomainError } from '@moncafe/domain/decider';
import { addDays, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime } from '@moncafe/infra/runtime';
import { doubleBookings } from '../support/seat-ledger';
import { createTestDatabase } from '../support/services';
import { checkFailed, ms, percentile, rate, record, sortedCopy, type Quick } from './measure';
import { stubMails } from '@moncafe/domain/testing/stub-mails';

const CLIENTS = 200;
const SEATS = 20;

/** 200 clients hold and give back seats of one day at once, for as long as the run lasts. */
export async function benchSeats(serverUrl: string, options: Quick) {
  const seconds = options.quick ? 4 : 15;
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_seats');
  const runtime = await startRuntime(
    loadConfig({ DATABASE_URL: created.url, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'bench@moncafe.test', ADMIN_PASSWORD: 'bench-password-123' }),
    stubMails,
  );
  try {
    const catalog = runtime.services.catalog;
    const context = { correlationId: 'bench', actor: 'bench' };
    const date = addDays(tokyoDateTime(runtime.clock.now()).date, 14);
    await catalog.save({ kind: 'store', id: '1', data: { name: 'ベンチ店', address: '東京都', phone: '03-0000-0000' } }, context);
    for (let i = 1; i <= SEATS; i++) await catalog.save({ kind: 'seat', id: `T${i}`, data: { store_id: '1', name: `席${i}`, max_people: 2 } }, context);
    const hours = await catalog.save(
      { kind: 'business-hours', id: `1-${date}`, data: { rule: 'date', store_id: '1', date, open_time: '10:00', close_time: '20:00', is_closed: false } },
      context,
    );
    await runtime.waitForProjections(hours.position);
    // The application the web process serves, with its cached catalog and its per-process ledger.
    const flow = runtime.services.booking;
    const times = ['11:00', '12:00', '13:00', '14:00', '15:00'];
    const latencies: number[] = [];
    let full = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    const attempt = async (work: () => Promise<unknown>) => {
      const t = performance.now();
      try {
        await work();
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'seats_full')) throw error;
        full++;
      }
      latencies.push(performance.now() - t);
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; performance.now() < end; i++) {
          // A new reservation session each cycle, as a new guest: one session may hold at most 20 times a day (decision 050).
          const sessionId = `client-${c}-${i}`;
          const time = times[(c + i) % times.length]!;
          await attempt(() => flow.allocateSeat({ sessionId, date, time, people: 2, menuIds: [], correlationId: `${c}-${i}` }));
          await attempt(() => flow.releaseHold({ sessionId, date, correlationId: `${c}-${i}-release` }));
        }
      }),
    );
    const elapsed = performance.now() - started;
    const ledger = await runtime.eventStore.readStream(ledgerStream('1', date));
    const doubles = doubleBookings(ledger);
    if (doubles > 0) checkFailed(`${doubles} double bookings in one day's seat ledger`);
    const p99 = percentile(sortedCopy(latencies), 0.99);
    const perSecond = (latencies.length / elapsed) * 1000;
    record({
      path: `${CLIENTS} clients holding and releasing one day's ${SEATS} seats (PostgreSQL)`,
      product: `${rate(perSecond, ' attempts/s')}, p99 ${ms(p99)}, ${doubles} double bookings in ${ledger.length.toLocaleString('en')} ledger events (${full.toLocaleString('en')} answered full)`,
      reference: '',
      ratio: '',
      target: '0 double bookings, p99 ≤ 250 ms, ≥ 1,000 attempts/s',
      met: doubles === 0 && p99 <= 250 && perSecond >= 1000,
    });
  } finally {
    await runtime.close();
    await created.drop();
  }
}
