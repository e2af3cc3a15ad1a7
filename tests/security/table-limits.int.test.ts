import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { AT_DEMO_STORE, moveToOpenHours, serverNow, waitForOrderMenu, withToken, seatCodeOf } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { signInEveryone, type IdentityName } from './support/identities';
import { confirmedBooking as bookedAndConfirmed, demoCoursesReady } from '../reservation/booking-steps';
import { startSmtpSink } from '../reservation/smtp-sink';

const pgUrl = await postgresUrl();

/**
 * The probe's findings on order limits, a checkout of a visit that never began and a booking ended before its start (docs/security.md; decisions 155–157), replayed over HTTP as the probe sent them against a started server
 * over PostgreSQL (so the test reads the event log itself): each refusal appends no event.
 */
describe.skipIf(!pgUrl)('limits at the table, checkout of a visit that began, no-shows (decisions 155–157)', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let pool: pg.Pool;
  let who: Record<IdentityName, HttpClient>;

  const head = async () => Number((await pool.query<{ p: string | null }>('select max(position) as p from events')).rows[0]!.p ?? 0);
  const typesSince = async (position: number) =>
    (await pool.query<{ type: string }>('select type from events where position > $1 order by position', [position])).rows.map((r) => r.type);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createTestDatabase(pgUrl!, 'moncafe_table_limits');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, SMTP_URL: smtp.url } });
    pool = database.pool(2);
    await waitForOrderMenu(server.url);
    await demoCoursesReady(server.url);
    await moveToOpenHours(server);
    who = Object.fromEntries((await signInEveryone(server.url)).map((i) => [i.name, i.client])) as Record<IdentityName, HttpClient>;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await smtp?.close();
  });

  async function checkIn(seatId: string, people: number) {
    const r = await httpClient(server.url).post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: seatId,
      number_of_people: people,
      seat_code: await seatCodeOf(server.url, seatId),
      ...AT_DEMO_STORE,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  const order = (client: HttpClient, body: unknown, token?: string) =>
    client.send('POST', '/api/orders', { json: body, ...(token ? { headers: withToken(token) } : {}) }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { success: boolean; error?: string; message?: string },
    }));

  const confirmedBooking = (email: string) => bookedAndConfirmed(server.url, smtp, email);

  async function moveClockTo(date: string, minute: number) {
    const now = await serverNow(server);
    const target = tokyoInstant(date, minute).getTime();
    expect(target).toBeGreaterThan(now.getTime());
    await server.advanceClock(target - now.getTime());
  }

  const statusOf = async (date: string, id: string) =>
    (
      await who.admin.getJson<{ reservations: { id: string; status: string | null }[] }>(`/api/admin/reservations/status?store_id=2&date=${date}`)
    ).body.reservations.find((r) => r.id === id)?.status;

  describe('finding 3: no limits on ordering', () => {
    it('refuses a token’s flood of orders after the per-minute cap with a clear message, appending nothing; staff are not capped; a minute later it orders again', async () => {
      const { reservation_id, token } = await checkIn('seat-t1', 2);
      const body = () => ({ seat_id: 'seat-t1', reservation_id, order_id: crypto.randomUUID(), items: [{ menu_id: 'menu-blend', quantity: 1 }] });
      const answers = [];
      // The log's head just before the first refused order: nothing may be appended from there on.
      let before: number | null = null;
      for (let i = 0; i < 120; i++) {
        const headBefore = await head();
        const answer = await order(httpClient(server.url), body(), token);
        if (answer.status !== 200 && before === null) before = headBefore;
        answers.push(answer);
      }
      const placed = answers.filter((a) => a.status === 200);
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.length).toBeLessThanOrEqual(6);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.length).toBe(120 - placed.length);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.body).toMatchObject({
          success: false,
          error: 'too_many_orders',
          message: '注文が続いています。少し時間をおいてから、もう一度お試しください。',
        });
      }
      expect(await typesSince(before!)).toEqual([]);

      // Signed-in staff ordering for the table are not held by the guests' per-minute cap.
      const staffOrder = await order(who.monitor, body());
      expect(staffOrder.status, JSON.stringify(staffOrder.body)).toBe(200);
      await server.advanceClock(61_000);
      expect((await order(httpClient(server.url), body(), token)).status).toBe(200);
    });

    it('refuses one order of 50 lines × 99 for a party of two with a clear message, appending nothing', async () => {
      const { reservation_id, token } = await checkIn('seat-t3', 2);
      const menus = ['menu-blend', 'menu-latte', 'menu-tea', 'menu-matcha', 'menu-juice'];
      const items = Array.from({ length: 50 }, (_, i) => ({ menu_id: menus[i % menus.length]!, quantity: 99 }));
      const before = await head();
      const flood = await order(httpClient(server.url), { seat_id: 'seat-t3', reservation_id, items }, token);
      expect(flood).toEqual({
        status: 400,
        body: { success: false, error: 'order_too_large', message: 'ご注文の数が多すぎます。人数に合った数でご注文ください。' },
      });
      const one = await order(httpClient(server.url), { seat_id: 'seat-t3', reservation_id, items: [{ menu_id: 'menu-blend', quantity: 99 }] }, token);
      expect(one.body.error).toBe('order_too_large');
      expect(await typesSince(before)).toEqual([]);
    });

    it('sends an order above the store’s amount to staff: the guest is asked to call staff and nothing is appended; staff place it from the monitor', async () => {
      const { reservation_id, token } = await checkIn('seat-t4', 4);
      const big = {
        seat_id: 'seat-t4',
        reservation_id,
        items: ['menu-quiche', 'menu-matcha', 'menu-blend', 'menu-latte'].map((m) => ({ menu_id: m, quantity: 15 })),
      };
      const before = await head();
      const guest = await order(httpClient(server.url), big, token);
      expect(guest).toEqual({
        status: 403,
        body: { success: false, error: 'order_needs_staff', message: 'ご注文の金額が大きいため、スタッフをお呼びください。' },
      });
      expect(await typesSince(before)).toEqual([]);
      const byStaff = await order(who.monitor, { ...big, order_id: crypto.randomUUID() });
      expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    });
  });

  describe('the store’s order limits (admin editor /admin/order-limits)', () => {
    it('shows the defaults, saves the admin’s limits (refused to a monitor and for bad numbers), and orders meet the saved ones', async () => {
      const page = await who.admin.page('/admin/order-limits?store_id=2');
      expect(page.status).toBe(200);
      expect(page.html).toContain('注文の上限');
      expect(page.html).toMatch(/name="staff_above_yen"[^>]*value="30000"/);
      const form = {
        store_id: '2',
        per_visit_per_minute: '12',
        per_token_per_minute: '6',
        lines_per_person: '5',
        quantity_per_person: '5',
        staff_above_yen: '1000',
        ticket_warn_minutes: '10',
        ticket_late_minutes: '20',
      };
      expect((await who.monitor.send('POST', '/admin/order-limits?store_id=2', { form })).status).toBe(403);
      expect((await who.admin.send('POST', '/admin/order-limits?store_id=2', { form: { ...form, per_token_per_minute: '0' } })).status).toBe(400);
      expect((await who.admin.send('POST', '/admin/order-limits?store_id=2', { form })).status).toBe(200);
      expect((await who.admin.page('/admin/order-limits?store_id=2')).html).toMatch(/name="staff_above_yen"[^>]*value="1000"/);

      const { reservation_id, token } = await checkIn('seat-c1', 1);
      const items = [{ menu_id: 'menu-latte', quantity: 2 }];
      const refused = await order(httpClient(server.url), { seat_id: 'seat-c1', reservation_id, items }, token);
      expect(refused.body).toMatchObject({ error: 'order_needs_staff' });
      expect((await order(httpClient(server.url), { seat_id: 'seat-c1', reservation_id, items: [{ menu_id: 'menu-latte', quantity: 1 }] }, token)).status).toBe(
        200,
      );
      expect((await who.admin.send('POST', '/admin/order-limits?store_id=2', { form: { ...form, staff_above_yen: '30000' } })).status).toBe(200);
    });
  });

  describe('finding 4: ending a visit that never began', () => {
    it('refuses a monitor’s checkout of a later day’s confirmed booking, appending nothing; the party becomes a no-show through its own command, which an admin reverts with a reason', async () => {
      const { reservationId, date, time, seatId } = await confirmedBooking('noshow.probe@example.jp');
      const before = await head();
      const checkout = await who.monitor.post('/api/orders/checkout', { reservation_id: reservationId, payment_method: 'cash', order_ids: [] });
      expect(checkout.status).toBe(409);
      expect(checkout.body).toMatchObject({ success: false, error: 'not_seated', message: 'まだ来店していない予約は会計できません。' });
      const exited = await who.admin.post('/api/admin/reservations/update', { id: reservationId, status: 'exited' });
      expect(exited.status).toBe(409);
      expect(exited.body).toMatchObject({ success: false, error: 'not_seated' });
      // Tomorrow's party cannot be a no-show yet.
      const early = await who.monitor.post(`/api/admin/reservations/${reservationId}/no-show`, {});
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ success: false, error: 'not_started' });
      expect(await typesSince(before)).toEqual([]);
      expect(await statusOf(date, reservationId)).toBe('web');

      // The booked time came and went: staff mark the no-show; the seat is free for a walk-in at once.
      await moveClockTo(date, minutesOf(time) + 20);
      const customer = await who.customer.post(`/api/admin/reservations/${reservationId}/no-show`, {});
      expect(customer.status).toBe(403);
      const marked = await who.monitor.post(`/api/admin/reservations/${reservationId}/no-show`, {});
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(await statusOf(date, reservationId)).toBe('no_show');
      // A walk-in takes the seat at once: a reservation of its own.
      expect((await checkIn(seatId, 1)).reservation_id).not.toBe(reservationId);

      // Only an admin reverts, with a reason.
      expect((await who.monitor.post(`/api/admin/reservations/${reservationId}/revert-no-show`, { reason: '来店済みでした' })).status).toBe(403);
      const noReason = await who.admin.post(`/api/admin/reservations/${reservationId}/revert-no-show`, { reason: '' });
      expect(noReason.status).toBe(400);
      const reverted = await who.admin.post(`/api/admin/reservations/${reservationId}/revert-no-show`, { reason: '連絡の行き違いでした' });
      expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
      expect(await statusOf(date, reservationId)).toBe('web');
      const history = await who.admin.getJson<{ history: { kind: string; actor: string }[] }>(`/api/admin/reservations/${reservationId}`);
      expect(history.body.history.map((h) => h.kind)).toEqual(expect.arrayContaining(['no_show', 'no_show_reverted']));
    });
  });

  describe('finding 9: a booking ended before its start', () => {
    it('refuses the checkout before the party came; a party that came early and left early frees its seat for walk-ins at once', async () => {
      const { reservationId, date, time, seatId } = await confirmedBooking('early.probe@example.jp');
      const start = minutesOf(time);
      await moveClockTo(date, start - 12);
      const before = await head();
      const probe = await who.monitor.post('/api/orders/checkout', { reservation_id: reservationId, payment_method: 'cash', order_ids: [] });
      expect(probe.body).toMatchObject({ error: 'not_seated' });
      expect(await typesSince(before)).toEqual([]);

      // The party arrives ten minutes early (staff check them in at their seat) and leaves before its start.
      const arrived = await who.monitor.post<{ reservation_id: string; is_existing: boolean }>('/api/orders/qr-checkin', {
        seat_id: seatId,
        number_of_people: 2,
      });
      expect(arrived.body).toMatchObject({ reservation_id: reservationId, is_existing: true });
      const paid = await who.monitor.post('/api/orders/checkout', { reservation_id: reservationId, payment_method: 'cash', order_ids: [] });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await server.advanceClock(60_000);
      // A walk-in takes the seat at once: a reservation of its own.
      expect((await checkIn(seatId, 1)).reservation_id).not.toBe(reservationId);
    });
  });
});
