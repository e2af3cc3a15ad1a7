import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoursesReady, LUNCH } from '../reservation/booking-steps';
import { httpClient, type HttpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_SEATS, DEMO_STORE, seatCodeOf, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { doubleBookings } from '../support/seat-ledger';
import { toStreamName as ledgerStream } from '@moncafe/domain/seating/events';
import { stubMails } from '@moncafe/domain/testing/stub-mails';
import { loadConfig } from '@moncafe/infra/config';
import { startRuntime } from '@moncafe/infra/runtime';
import { errorCode, LiveFollower } from './support/mixed-load';

const SOAK = process.env.SOAK === '1';
const DURATION_MS = SOAK ? 5 * 60_000 : 30_000;
const GUESTS = 200;
const KITCHEN_SCREENS = 5;
const FLOOR_VIEWS = 2;
/** An answer later than this is a hang (reported as an error), not a slow answer. */
const HANG_MS = 60_000;

/**
 * The dinner rush (decision 381): 200 simulated guests (half booking a table, half sitting
 * down at a seat with its printed code, ordering — the cake is counted stock — and paying), 5
 * kitchen screens and 2 floor views on `/live`, for 30 s (5 minutes in `npm run test:soak`). No
 * answer may be an error (5xx, none), no seat booked twice for one time, no cake sold past its
 * stock, and every order on every kitchen screen. Prints p50/p99 of each call and of the time from
 * an order's answer to each kitchen screen showing it (BENCHMARKS.md keeps the figures).
 */
// It went unanswered for minutes until decision 390: a minute after the server started, the
// retention run held embedded PGlite's one session and waited on it. It runs in
// `npm run test:faults` (30 s) and `npm run test:soak` (5 minutes).
describe('the dinner rush', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTableOrderServer({ production: true });
    await demoCoursesReady(server.url);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it(
    'serves 200 guests, 5 kitchen screens and 2 floor views without an error, a double booking, an oversold item or a missing ticket',
    { timeout: DURATION_MS + 300_000 },
    async () => {
      const admin = await signedInAdmin(server.url);
      const webs = () => [server];
      const kitchens = Array.from({ length: KITCHEN_SCREENS }, () => new LiveFollower(webs, admin.cookie!));
      const floors = Array.from({ length: FLOOR_VIEWS }, () => new LiveFollower(webs, admin.cookie!, 'schedule,admin'));
      for (const screen of [...kitchens, ...floors]) await screen.start();

      const timings = new Map<string, number[]>();
      const errors: string[] = [];
      const call = async (client: HttpClient, method: string, path: string, json: unknown, headers: Record<string, string> = {}) => {
        const started = performance.now();
        const name = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
        let timer: NodeJS.Timeout | undefined;
        let failure = '';
        const response = await Promise.race([
          client.send(method, path, { json, headers: { ...headers, 'idempotency-key': randomUUID() } }).catch((error: unknown) => {
            // Why there was no answer (the socket's error code), so a failed run says what broke.
            failure = errorCode(error);
            return null;
          }),
          new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS))),
        ]);
        clearTimeout(timer);
        if (response === 'hang') {
          errors.push(`${name}: no answer within ${HANG_MS} ms`);
          return { status: 0, body: {}, at: performance.now() };
        }
        timings.set(name, [...(timings.get(name) ?? []), performance.now() - started]);
        if (!response || response.status >= 500) errors.push(`${name}: ${response?.status ?? `no answer (${failure})`}`);
        const body = (await response?.json().catch(() => ({}))) as Record<string, unknown> | undefined;
        return { status: response?.status ?? 0, body: body ?? {}, at: performance.now() };
      };

      const free: string[] = [...DEMO_SEATS];
      const waiting: ((seat: string) => void)[] = [];
      const takeSeat = () => new Promise<string>((resolve) => (free.length ? resolve(free.shift()!) : waiting.push(resolve)));
      const leaveSeat = (seat: string) => (waiting.length ? waiting.shift()!(seat) : free.push(seat));
      const orders: { id: string; at: number; cakes: number }[] = [];
      const booked: { date: string; time: string }[] = [];
      let seatTaken = 0;
      const deadline = performance.now() + DURATION_MS;

      const tableGuest = async (guest: HttpClient) => {
        const seat = await takeSeat();
        try {
          if (performance.now() > deadline) return;
          const checkIn = await call(guest, 'POST', '/api/orders/qr-checkin', {
            seat_id: seat,
            seat_code: await seatCodeOf(server.url, seat),
            ...AT_DEMO_STORE,
            // One guest: every demo seat holds one (a counter seat refuses two, over_capacity).
            number_of_people: 1,
          });
          // A seat the booking guests hold for now is refused to a walk-in: the rule, not an error.
          if (checkIn.status === 409 && checkIn.body.error === 'seat_taken') return void seatTaken++;
          if (checkIn.status !== 200) return void errors.push(`check-in refused: ${JSON.stringify(checkIn.body)}`);
          const { reservation_id, token } = checkIn.body as { reservation_id: string; token: string };
          const cakes = orders.length % 3 === 0 ? 1 : 0;
          const items = [{ menu_id: 'menu-blend', quantity: 1 }, ...(cakes ? [{ menu_id: 'menu-gateau', quantity: 1 }] : [])];
          const order = await call(guest, 'POST', '/api/orders', { seat_id: seat, reservation_id, items }, withToken(token));
          if (order.status === 200) orders.push({ id: order.body.order_id as string, at: order.at, cakes });
          await call(
            guest,
            'POST',
            '/api/orders/checkout',
            { reservation_id, payment_method: 'cash', order_ids: order.status === 200 ? [order.body.order_id] : [] },
            withToken(token),
          );
        } finally {
          leaveSeat(seat);
        }
      };
      const bookingGuest = async (guest: HttpClient, n: number) => {
        await guest.page('/reservation/day');
        const dates = await call(guest, 'POST', '/api/customery-day/available-dates', { people: 1, menuIds: [LUNCH] });
        const list = (dates.body.dates as string[] | undefined) ?? [];
        const date = list[n % Math.max(1, list.length)];
        if (!date) return;
        const times = await call(guest, 'POST', '/api/customery-day/available-times', { date, people: 1, menuIds: [LUNCH] });
        const time = (times.body.times as string[] | undefined)?.[n % 4];
        if (!time) return;
        const held = await call(guest, 'POST', '/api/customery-day/allocate-seat', { date, time, people: 1, menuIds: [LUNCH] });
        if (held.status !== 200) return;
        const sent = await call(guest, 'POST', '/api/reservation-confirmation/send-confirmation', {
          name: '山田花子',
          email: `rush-${n}-${randomUUID().slice(0, 6)}@example.jp`,
          phone: '090-1234-5678',
          reservationData: { date, time, people: 1, cart: [{ menu_id: LUNCH, quantity: 1 }] },
        });
        if (sent.status === 200) booked.push({ date, time });
      };
      await Promise.all(
        Array.from({ length: GUESTS }, async (_, n) => {
          for (let visit = 0; performance.now() < deadline; visit++) {
            const guest = httpClient(server.url);
            await (n % 2 === 0 ? tableGuest(guest) : bookingGuest(guest, n * 7 + visit));
          }
        }),
      );

      // Every order on every kitchen screen; the lag from its answer to each screen.
      const lags: number[] = [];
      const missing = (screen: LiveFollower) => orders.filter((o) => !screen.frames.some((f) => f.event === 'new-order' && f.data?.includes(o.id)));
      for (const screen of kitchens) {
        for (let tries = 0; missing(screen).length > 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
        for (const o of orders) {
          const frame = screen.frames.find((f) => f.event === 'new-order' && f.data?.includes(o.id));
          if (frame) lags.push(Math.max(0, frame.at - o.at));
        }
      }
      for (const screen of [...kitchens, ...floors]) await screen.stop();
      const stock = await admin.getJson<{ items?: { id: string; quantity: number | null }[] }>('/api/admin/menu-stock?store_id=2');
      const cakesSold = orders.reduce((n, o) => n + o.cakes, 0);
      // A double booking is judged on the seat ledger itself, replayed, not on the seats each hold
      // answered: the rush's guests never open their confirmation mail, so a booking still
      // unconfirmed after 5 minutes (the long form) rightly frees its seat for the next guest.
      await server.stop();
      const ledger = await startRuntime(loadConfig({ DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }), stubMails);
      let doubles = 0;
      let ledgerEvents = 0;
      try {
        for (const date of new Set(booked.map((b) => b.date))) {
          const events = await ledger.eventStore.readStream(ledgerStream(DEMO_STORE, date));
          ledgerEvents += events.length;
          doubles += doubleBookings(events);
        }
      } finally {
        await ledger.close();
      }

      const pct = (values: number[], p: number) =>
        Math.round([...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0);
      const table = [...timings].map(([name, ms]) => `| ${name} | ${ms.length} | ${pct(ms, 0.5)} | ${pct(ms, 0.99)} |`);
      console.log(
        [
          `dinner rush report (${DURATION_MS / 1000} s, ${GUESTS} guests, ${KITCHEN_SCREENS} kitchen screens, ${FLOOR_VIEWS} floor views):`,
          '| call | requests | p50 ms | p99 ms |',
          '| --- | --- | --- | --- |',
          ...table,
          `| order answer → kitchen screen | ${lags.length} | ${pct(lags, 0.5)} | ${pct(lags, 0.99)} |`,
          `orders ${orders.length}, bookings ${booked.length}, double bookings ${doubles}, cakes sold ${cakesSold}, check-ins refused on a booked seat ${seatTaken}, errors ${errors.length}, floor frames ${floors.map((f) => f.frames.length).join('/')}`,
        ].join('\n'),
      );
      expect(errors).toEqual([]);
      expect(orders.length).toBeGreaterThan(0);
      expect(booked.length).toBeGreaterThan(0);
      expect(ledgerEvents, 'the ledger holds every booking').toBeGreaterThanOrEqual(booked.length);
      expect(doubles, 'seats held or booked twice at overlapping times').toBe(0);
      expect(cakesSold, 'cakes sold past the stock of 12').toBeLessThanOrEqual(12);
      expect(stock.body.items?.find((m) => m.id === 'menu-gateau')?.quantity ?? 0).toBeGreaterThanOrEqual(0);
      for (const screen of kitchens)
        expect(
          missing(screen).map((o) => o.id),
          'orders missing from a kitchen screen',
        ).toEqual([]);
    },
  );
});
