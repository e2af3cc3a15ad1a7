import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { BIRTHDAY, PLATE_TEXT, bookBirthdayForTwo, demoCoursesReady } from '../reservation/booking-steps';
import { startSmtpSink } from '../reservation/smtp-sink';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { serverNow, signedInAdmin } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();

interface BillItem {
  order_id: string | null;
  menu_id: string;
  menu_name: string;
  quantity: number;
  price: number;
  rate: number;
  course: 'course' | 'option' | null;
}
interface BillBody {
  success: boolean;
  order_items: BillItem[];
  order_ids: string[];
  courses: { menu_id: string; booked: number; quantity: number; options: { label: string | null; values: string[] }[] }[];
  subtotal: number;
  total: number;
  error?: string;
  message?: string;
  field?: string;
}

/**
 * The booked course on the bill (decision 630) over HTTP on the real server with PostgreSQL: a
 * guest books the birthday course for two with a message plate on the site; staff seat the party;
 * the bill has the course ×2 and the plate at the course's rate, each at its tax-included price,
 * and its total is the sum of those prices. Staff change the count only with a reason (kept in the
 * reservation's history); every refusal says why and appends nothing. A course ordered at the
 * table is refused by name as a course, never as sold out (decision 631).
 */
describe.skipIf(!pgUrl)('the booked course on the bill', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TestWebServer;
  let staff: HttpClient;
  let events: pg.Pool;
  let reservationId: string;
  let seatId: string;
  let bookedDate: string;

  const eventCount = async () => Number((await events.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const bill = async () => (await staff.getJson<BillBody>(`/api/orders/checkout?reservation_id=${reservationId}`)).body;
  const change = (json: Record<string, unknown>) => staff.post<BillBody>('/api/orders/course-line', json);

  beforeAll(async () => {
    database = await createTestDatabase(pgUrl!, 'moncafe_course_bill');
    smtp = await startSmtpSink();
    server = await startTestWebServer({ env: { DATABASE_URL: database.url, SMTP_URL: smtp.url }, port: 15631 });
    await demoCoursesReady(server.url);
    staff = await signedInAdmin(server.url);
    events = database.pool(2);

    // The guest books the birthday course for two, with a message plate (つける: 200円 before tax).
    const booking = await bookBirthdayForTwo(httpClient(server.url), smtp, 'course.bill@example.jp');
    ({ reservationId, seatId, date: bookedDate } = booking);
    const { date, time } = booking;

    // Five minutes before the booking the party is at the door; staff seat it.
    await server.advanceClock(tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime());
    const seated = await staff.post('/api/orders/seat-party', { seat_id: seatId, number_of_people: 2 });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    expect(seated.body.reservation_id).toBe(reservationId);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('bills the course ×2 and the plate at the course’s rate, tax included, and totals exactly what was shown', async () => {
    const b = await bill();
    expect(b.success).toBe(true);
    const [course, plate, ...rest] = b.order_items;
    // The demo store enters prices without tax; eaten in, the course is at the standard 10%.
    expect(course).toMatchObject({ order_id: null, menu_id: BIRTHDAY, course: 'course', quantity: 2, price: 5280, rate: 10 });
    expect(plate).toMatchObject({ order_id: null, course: 'option', quantity: 1, price: 220, rate: 10 });
    expect(plate!.menu_name).toContain('メッセージプレート');
    expect(rest).toEqual([]);
    expect(b.subtotal).toBe(5280 * 2 + 220);
    expect(b.total).toBe(b.order_items.reduce((sum, i) => sum + i.price * i.quantity, 0));
    // What the kitchen reads of the options: the plate's text.
    expect(b.courses[0]!.options).toContainEqual({ label: 'メッセージ', values: [PLATE_TEXT] });
  });

  it('shows the reservation steps the course and its options with tax, as the bill charges them (decision 632)', async () => {
    const guest = httpClient(server.url);
    const menus = await guest.getJson<{ menus: { id: string; price: number; price_with_tax: number }[] }>('/api/customer/menu');
    expect(menus.body.menus.find((m) => m.id === BIRTHDAY)).toMatchObject({ price: 4800, price_with_tax: 5280 });
    const detail = await guest.post<{ options: { option_id: string; choices: { id: string; extra_price_with_tax: number }[] }[] }>('/api/customer-detail', {
      menuId: BIRTHDAY,
    });
    const plate = detail.body.options.find((o) => o.option_id === '11');
    expect(plate?.choices.find((c) => c.id === 'yes')?.extra_price_with_tax).toBe(220);
    // The review adds what the bill charges: the course at its shown price ×2 and the plate's shown extra.
    expect((await bill()).subtotal).toBe(5280 * 2 + 220);
  });

  it('shows the kitchen the seated party’s course and the plate’s text before any order', async () => {
    const ready = await staff.getJson<{
      courses: { reservation_id: string; courses: { name: string; quantity: number }[]; notes: { label: string; text: string }[] }[];
    }>('/api/orders/ready?store_id=2');
    const party = ready.body.courses.find((c) => c.reservation_id === reservationId);
    expect(party?.courses).toEqual([{ menu_id: BIRTHDAY, name: 'バースデーケーキコース', quantity: 2 }]);
    expect(party?.notes).toContainEqual(expect.objectContaining({ label: 'メッセージ', text: PLATE_TEXT }));
    // Choices by their labels, as the guest chose them.
    expect(party?.notes).toContainEqual(expect.objectContaining({ label: 'メッセージプレート', text: 'つける' }));
  });

  it('refuses a course ordered at the table by name, as a course and never as sold out, and places nothing', async () => {
    const before = await eventCount();
    const r = await staff.post<BillBody>('/api/orders', { seat_id: seatId, reservation_id: reservationId, items: [{ menu_id: BIRTHDAY, quantity: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('course_not_orderable');
    expect(r.body.message).toContain('コースはご予約時に承っております');
    expect(r.body.message).toContain('バースデーケーキコース');
    expect(r.body.message).not.toContain('品切れ');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a count change without a reason, of a made-up course or reservation, or to a count that is none, changing nothing', async () => {
    const before = await eventCount();
    const noReason = await change({ reservation_id: reservationId, menu_id: BIRTHDAY, quantity: 1, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ error: 'reason_required', field: 'reason' });
    expect(noReason.body.message).toBeTruthy();
    const madeUpLine = await change({ reservation_id: reservationId, menu_id: 'menu-made-up', quantity: 1, reason: 'お一人様ご欠席' });
    expect(madeUpLine.status).toBe(404);
    expect(madeUpLine.body.error).toBe('course_line_unknown');
    const madeUpReservation = await change({ reservation_id: randomUUID(), menu_id: BIRTHDAY, quantity: 1, reason: 'お一人様ご欠席' });
    expect(madeUpReservation.status).toBe(404);
    for (const quantity of [-1, 1.5, 100]) {
      const bad = await change({ reservation_id: reservationId, menu_id: BIRTHDAY, quantity, reason: 'お一人様ご欠席' });
      expect(bad.status, String(quantity)).toBe(400);
    }
    expect(await eventCount()).toBe(before);
    expect((await bill()).order_items[0]!.quantity).toBe(2);
  });

  it('changes the count with a reason, kept in the history; a resend changes nothing more; checkout takes the changed bill', async () => {
    const key = randomUUID();
    const body = { json: { reservation_id: reservationId, menu_id: BIRTHDAY, quantity: 1, reason: 'お一人様ご欠席' }, headers: { 'idempotency-key': key } };
    const first = await staff.send('POST', '/api/orders/course-line', body);
    expect(first.status).toBe(200);
    const after = await eventCount();
    expect((await staff.send('POST', '/api/orders/course-line', body)).status).toBe(200);
    expect(await eventCount()).toBe(after);
    const b = await bill();
    expect(b.order_items[0]).toMatchObject({ course: 'course', quantity: 1, price: 5280 });
    expect(b.total).toBe(5280 + 220);
    const history = await events.query<{ data: { from: number; to: number; reason: string } }>(
      `select data from events where stream_id = $1 and type = 'CourseLineChanged'`,
      [`reservation-${reservationId}`],
    );
    expect(history.rows.map((r) => r.data)).toEqual([expect.objectContaining({ from: 2, to: 1, reason: 'お一人様ご欠席' })]);

    const paid = await staff.post<{ total: number }>('/api/orders/checkout', { reservation_id: reservationId, payment_method: 'cash', order_ids: b.order_ids });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.total).toBe(5280 + 220);
    const late = await change({ reservation_id: reservationId, menu_id: BIRTHDAY, quantity: 2, reason: 'やはり二名' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('visit_ended');
  });

  it('reconciles booked and billed per reservation on the daily close and in the reservations CSV (decision 633)', async () => {
    const booked = 5280 * 2 + 220;
    const billed = 5280 + 220;
    const close = await staff.getJson<{ courses: { booked: number; billed: number; difference: number }[] }>(
      `/api/admin/daily-close?store_id=2&date=${bookedDate}`,
    );
    expect(close.status).toBe(200);
    expect(close.body.courses).toEqual([expect.objectContaining({ booked, billed, difference: billed - booked })]);
    const r = await staff.send('GET', `/api/admin/sales/export/reservations?store_id=2&from=${bookedDate}&to=${bookedDate}`);
    expect(r.status).toBe(200);
    const rows = (await r.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toContain('コース予約額（税込）,コース請求額（税込）,コース差額');
    const row = rows.find((line) => line.includes(reservationId))!;
    expect(row.endsWith(`,${booked},${billed},${billed - booked}`)).toBe(true);
  });
});
