import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf, tokyoInstant, weekdayOf } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { signUp } from '../support/accounts';
import { AT_DEMO_STORE, checkedIn, FAR_FROM_DEMO_STORE, serverNow, withToken } from '../support/table-order';

/**
 * The time clock over HTTP on the real server (demo cafe, store 2), its clock moved to chosen
 * days and times: a day's worked, 深夜 and overtime minutes and wage as worked out by hand, a week
 * past 40 hours, the CSV equal to the screen, corrections with a reason, and refusals that change
 * nothing (decisions 565–568).
 */
const STORE = '2';

type Day = {
  date: string;
  record_id: string | null;
  planned: { start: string; end: string } | null;
  actual: { in: string; out: string | null } | null;
  break_minutes: number;
  worked_minutes: number;
  late_night_minutes: number;
  overtime_minutes: number;
  weekly_overtime_minutes: number;
  break_warning: string | null;
  wage_yen: number | null;
  flags: string[];
};
type Person = { user_id: string; name: string; days: Day[]; totals: { worked_minutes: number; wage_yen: number; overtime_minutes: number } };

let server: TestWebServer;
let admin: HttpClient;
let staff: HttpClient;
let staffId: string;
/** A Wednesday well ahead, so its week is all ahead of the real date too. */
let day: string;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Moves the server's clock to `time` (Tokyo) on `date`; only forward. */
async function clockTo(date: string, time: string) {
  const target = tokyoInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))).getTime();
  const now = (await serverNow(server)).getTime();
  expect(target, `the clock only moves forward (to ${date} ${time})`).toBeGreaterThanOrEqual(now);
  await server.advanceClock(target - now);
  // Sessions end by the server's clock: days ahead, both sign in again.
  if (date !== signedInOn) {
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await staff.postJson('/api/auth/login', { email: STAFF.email, password: STAFF.password })).status).toBe(200);
    signedInOn = date;
  }
}
let signedInOn = '';
const minuteOf = (date: string, time: string) =>
  expect.stringMatching(
    new RegExp(
      `^${tokyoInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)))
        .toISOString()
        .slice(0, 16)}`,
    ),
  ) as unknown;
const STAFF = { name: '打刻 花子', email: 'hanako@moncafe.test', password: 'hanako-password-123' };

/** A press from a phone at the demo store. */
const press = (client: HttpClient, kind: string, store = STORE) =>
  client.post('/api/staff/clock', { store_id: store, kind, latitude: AT_DEMO_STORE.lat, longitude: AT_DEMO_STORE.lng, accuracy: AT_DEMO_STORE.accuracy });
async function monthOf(month: string): Promise<Person> {
  const answer = await json<{ staff: Person[] }>(await admin.get(`/api/admin/attendance?store_id=${STORE}&month=${month}`));
  return answer.staff.find((p) => p.user_id === staffId)!;
}
const dayOf = async (date: string) => (await monthOf(date.slice(0, 7))).days.filter((d) => d.date === date);

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  staff = httpClient(server.url);
  staffId = (await signUp(staff, STAFF)).id;
  expect((await admin.postJson(`/api/admin/users/${staffId}/roles`, { role: 'staff', grant: true })).status).toBe(200);
  expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 1200 } })).status).toBe(200);
  const soon = addDays(tokyoDateOf(new Date()), 10);
  day = addDays(soon, (3 - weekdayOf(soon) + 7) % 7);
  const plan = await admin.post('/api/admin/shifts', { store_id: STORE, user_id: staffId, shift_date: day, start_time: '17:00', end_time: '23:00' });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
});
afterAll(() => server?.close());

describe('the demo cafe', () => {
  it('has clock records of its staff for the days before today, pressed as ordinary events, closed and paid', async () => {
    const today = tokyoDateOf(await serverNow(server));
    const days = Array.from({ length: 6 }, (_, n) => addDays(today, -6 + n));
    const months = [...new Set(days.map((d) => d.slice(0, 7)))];
    const demo = new Map<string, Day[]>();
    for (const month of months)
      for (const person of (await json<{ staff: Person[] }>(await admin.get(`/api/admin/attendance?store_id=${STORE}&month=${month}`))).staff)
        if (person.user_id !== staffId) demo.set(person.name, [...(demo.get(person.name) ?? []), ...person.days.filter((d) => d.record_id)]);
    const worked = [...demo.values()].flat();
    expect([...demo.keys()].sort()).toEqual(['佐藤 花子', '田中 美咲', '鈴木 健太'].sort());
    // Every open day (Wednesday is the demo store's closed day) has someone at work, and only days before today do.
    expect([...new Set(worked.map((d) => d.date))].sort()).toEqual(days.filter((d) => weekdayOf(d) !== 3));
    for (const d of worked) {
      expect(d.actual?.out, `${d.date} is closed`).toBeTruthy();
      expect(d.flags.filter((f) => f !== 'no_plan')).toEqual([]);
      expect(d.worked_minutes).toBeGreaterThan(0);
      expect(d.wage_yen).toBeGreaterThan(0);
    }
  });
});

describe('a day on the time clock', () => {
  it('in 17:00, break 18:30–19:15, out 23:30 against a plan of 17:00–23:00: the figures as worked out by hand', async () => {
    await clockTo(day, '17:00');
    const clockedIn = await press(staff, 'in');
    expect(clockedIn).toEqual({ status: 200, body: { success: true, record_id: expect.any(String) as unknown, at: expect.any(String) as unknown } });
    // 出勤 twice: refused, and still one record.
    expect(await press(staff, 'in')).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'すでに出勤しています。先に退勤を記録してください。' }) as unknown,
    });
    expect(await press(staff, 'break_end')).toEqual({ status: 409, body: expect.objectContaining({ error: '休憩を開始していません。' }) as unknown });
    await clockTo(day, '18:30');
    expect((await press(staff, 'break_start')).status).toBe(200);
    await clockTo(day, '19:15');
    expect((await press(staff, 'break_end')).status).toBe(200);
    await clockTo(day, '23:30');
    expect((await press(staff, 'out')).status).toBe(200);
    // 退勤 again, with nothing open: refused.
    expect(await press(staff, 'out')).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'まだ出勤していません。先に出勤を記録してください。' }) as unknown,
    });

    const [worked, ...others] = await dayOf(day);
    expect(others).toEqual([]);
    expect(worked).toMatchObject({
      record_id: (clockedIn.body as { record_id: string }).record_id,
      planned: { start: '17:00', end: '23:00' },
      actual: { in: '17:00', out: '23:30' },
      // 390 minutes at the store less the 45-minute break.
      break_minutes: 45,
      worked_minutes: 345,
      // 22:00–23:30.
      late_night_minutes: 90,
      overtime_minutes: 0,
      // Under 6 hours worked: no break is due, so no warning.
      break_warning: null,
      // 345 × 1,200 / 60 = 6,900 plus the night premium 90 × 1,200 × 25% / 60 = 450.
      wage_yen: 7350,
      flags: [],
    });
  });

  it('the month’s CSV has the screen’s rows, UTF-8 with a BOM and Japanese intact; the summary one row per person', async () => {
    const person = await monthOf(day.slice(0, 7));
    const response = await admin.get(`/api/admin/attendance/export.csv?store_id=${STORE}&month=${day.slice(0, 7)}`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('店舗,スタッフID,スタッフ,日付,予定開始,予定終了,出勤,退勤,休憩(分),実働(分),深夜(分),残業(分),賃金(円),注意');
    const mine = lines.slice(1).filter((l) => l.split(',')[1] === staffId);
    expect(mine).toEqual(
      person.days.map((d) =>
        [
          'MonCafe 駅前店',
          staffId,
          '打刻 花子',
          d.date,
          d.planned?.start ?? '',
          d.planned?.end ?? '',
          d.actual?.in ?? '',
          d.actual?.out ?? '',
          d.break_minutes,
          d.worked_minutes,
          d.late_night_minutes,
          d.overtime_minutes,
          d.wage_yen ?? '',
          '',
        ].join(','),
      ),
    );
    const summary = await (await admin.get(`/api/admin/attendance/export.csv?store_id=${STORE}&month=${day.slice(0, 7)}&kind=summary`)).text();
    expect(summary.split('\r\n').filter((l) => l.includes(staffId))).toEqual([`MonCafe 駅前店,${staffId},打刻 花子,1200,1,345,90,0,0,7350,`]);
  });

  it('a correction needs a reason, names its record at its own store, and is kept with before, after and reason', async () => {
    const [worked] = await dayOf(day);
    const id = worked!.record_id!;
    const refusals: [string, unknown, number, string][] = [
      [id, { in: '16:45' }, 400, '修正理由を入力してください。'],
      [id, { in: '16:45', reason: '   ' }, 400, '修正理由を入力してください。'],
      [id, { out: tokyoInstant(day, 16 * 60).toISOString(), reason: '誤り' }, 400, '退勤は出勤より後の時刻にしてください。'],
      [id, { in: '23:45', reason: '誤り' }, 400, '出勤を未来の時刻にはできません。'],
      [id, { break_minutes: 400, reason: '誤り' }, 400, '休憩時間が勤務時間より長くなっています。'],
      [`${STORE}~${staffId}~${day}~7`, { in: '16:45', reason: '打刻忘れ' }, 404, '勤務記録が見つかりません。'],
      ['made-up', { in: '16:45', reason: '打刻忘れ' }, 404, '勤務記録が見つかりません。'],
      // Another store's record as seen from store 1: the same answer as no record.
      [id, { in: '16:45', reason: '打刻忘れ', store_id: '1' }, 404, '勤務記録が見つかりません。'],
    ];
    for (const [record, body, status, error] of refusals)
      expect(
        await admin
          .send('PUT', `/api/admin/attendance/${encodeURIComponent(record)}`, { json: body })
          .then(async (r) => ({ status: r.status, error: ((await r.json()) as { error: string }).error })),
        JSON.stringify(body),
      ).toEqual({
        status,
        error,
      });
    // Staff may not correct.
    expect((await staff.send('PUT', `/api/admin/attendance/${encodeURIComponent(id)}`, { json: { in: '16:45', reason: 'x' } })).status).toBe(403);
    expect(await dayOf(day)).toEqual([worked]);
    let history = await json<{ corrections: unknown[] }>(await admin.get(`/api/admin/attendance/history?store_id=${STORE}&month=${day.slice(0, 7)}`));
    expect(history.corrections).toEqual([]);

    const corrected = await admin.send('PUT', `/api/admin/attendance/${encodeURIComponent(id)}`, {
      json: { in: '16:45', reason: '打刻忘れ（店長確認）', store_id: STORE },
    });
    expect(corrected.status).toBe(200);
    const [after] = await dayOf(day);
    expect(after).toMatchObject({ actual: { in: '16:45', out: '23:30' }, worked_minutes: 360, flags: ['corrected'] });
    history = await json<{ corrections: unknown[] }>(await admin.get(`/api/admin/attendance/history?store_id=${STORE}&month=${day.slice(0, 7)}`));
    expect(history.corrections).toEqual([
      expect.objectContaining({
        record_id: id,
        work_date: day,
        user_name: '打刻 花子',
        reason: '打刻忘れ（店長確認）',
        // Pressed times to the minute (a press carries its seconds); the corrected one exactly.
        before: { in: minuteOf(day, '17:00'), out: minuteOf(day, '23:30'), breakMinutes: 45 },
        after: { in: tokyoInstant(day, 16 * 60 + 45).toISOString(), out: minuteOf(day, '23:30'), breakMinutes: 45 },
      }),
    ]);
    // The staff member sees their own record and the correction.
    const mine = await json<{ days: Day[]; corrections: { reason: string }[] }>(
      await staff.get(`/api/staff/attendance?store_id=${STORE}&month=${day.slice(0, 7)}`),
    );
    expect(mine.days.find((d) => d.record_id === id)).toMatchObject({ actual: { in: '16:45' } });
    expect(mine.corrections.map((c) => c.reason)).toEqual(['打刻忘れ（店長確認）']);
  });

  it('refuses someone not on the store’s staff, changing nothing', async () => {
    expect(await press(staff, 'in', '999')).toEqual({ status: 403, body: expect.objectContaining({ error: 'この店舗のスタッフではありません。' }) as unknown });
  });

  it('a week past 40 hours gives weekly overtime on the day that passes it', async () => {
    // The next Sunday to Friday: six days of 9:00–17:00 with a 30-minute break, 7 h 30 each, 45 hours.
    const sunday = addDays(day, 4);
    for (let n = 0; n < 6; n++) {
      const date = addDays(sunday, n);
      await clockTo(date, '09:00');
      expect((await press(staff, 'in')).status).toBe(200);
      await clockTo(date, '12:00');
      expect((await press(staff, 'break_start')).status).toBe(200);
      await clockTo(date, '12:30');
      expect((await press(staff, 'break_end')).status).toBe(200);
      await clockTo(date, '17:00');
      expect((await press(staff, 'out')).status).toBe(200);
    }
    const week = await Promise.all(Array.from({ length: 6 }, (_, n) => dayOf(addDays(sunday, n)).then((d) => d[0]!)));
    expect(week.map((d) => d.worked_minutes)).toEqual([450, 450, 450, 450, 450, 450]);
    // 5 × 7 h 30 = 37 h 30; the sixth day passes 40 hours after 2 h 30: its last 5 hours are overtime.
    expect(week.map((d) => d.weekly_overtime_minutes)).toEqual([0, 0, 0, 0, 0, 300]);
    // 450 × 1,200 / 60 = 9,000, plus 300 × 1,200 × 25% / 60 = 1,500.
    expect(week[5]).toMatchObject({ overtime_minutes: 300, wage_yen: 10500 });
  });

  it('flags a forgotten 退勤 the next morning', async () => {
    const date = addDays(day, 11);
    await clockTo(date, '10:00');
    expect((await press(staff, 'in')).status).toBe(200);
    expect((await dayOf(date))[0]!.flags).toContain('working');
    await clockTo(addDays(date, 1), '09:00');
    expect((await dayOf(date))[0]!.flags).toContain('no_clock_out');
    // The forgotten record no longer blocks the new day's 出勤; from far away it is taken and flagged (the store flags, the default).
    const far = await staff.post('/api/staff/clock', {
      store_id: STORE,
      kind: 'in',
      latitude: FAR_FROM_DEMO_STORE.lat,
      longitude: FAR_FROM_DEMO_STORE.lng,
      accuracy: 25,
    });
    expect(far.status).toBe(200);
    expect((await dayOf(addDays(date, 1)))[0]!.flags).toContain('outside_fence');
    // A store that refuses: the next press from far away is refused and changes nothing.
    expect((await admin.send('PUT', '/api/admin/labour-settings', { json: { store_id: STORE, outside_fence: 'refuse' } })).status).toBe(200);
    const refused = await staff.post('/api/staff/clock', {
      store_id: STORE,
      kind: 'out',
      latitude: FAR_FROM_DEMO_STORE.lat,
      longitude: FAR_FROM_DEMO_STORE.lng,
      accuracy: 25,
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error: '店舗の外からは打刻できません。店舗で打刻してください。' }) as unknown });
    expect((await dayOf(addDays(date, 1)))[0]!.actual?.out).toBeNull();
    expect((await press(staff, 'out')).status).toBe(200);
  });
});

describe('labour on the sales screen', () => {
  it('shows the day’s wages from the time clock and their share of the sales before tax, per store and for all stores', async () => {
    // The first open day after the days above: a walk-in pays for 4 ブレンドコーヒー (500 yen before tax each) while she works.
    const from = addDays(day, 13);
    const hours = await json<Record<string, { is_closed: boolean }>>(
      await admin.get(`/api/admin/business-hours?store_id=${STORE}&start_date=${from}&end_date=${addDays(from, 13)}`),
    );
    const date = Object.keys(hours)
      .sort()
      .find((d) => !hours[d]!.is_closed)!;
    await clockTo(date, '10:00');
    expect((await press(staff, 'in')).status).toBe(200);
    await clockTo(date, '12:00');
    expect((await press(staff, 'break_start')).status).toBe(200);
    await clockTo(date, '12:45');
    expect((await press(staff, 'break_end')).status).toBe(200);
    const party = await checkedIn(server.url, 'seat-t1');
    const order = await party.guest.send('POST', '/api/orders', {
      json: { seat_id: 'seat-t1', reservation_id: party.reservationId, items: [{ menu_id: 'menu-blend', quantity: 4 }] },
      headers: withToken(party.token),
    });
    expect(order.status).toBe(200);
    const orderId = ((await order.json()) as { order_id: string }).order_id;
    const paid = await admin.post('/api/orders/checkout', { reservation_id: party.reservationId, payment_method: 'cash', order_ids: [orderId] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await clockTo(date, '16:00');
    expect((await press(staff, 'out')).status).toBe(200);

    // 6 hours less the 45-minute break: 315 minutes × 1,200 yen / 60 = 6,300 yen; 6,300 / 2,000 = 315.0%.
    const expected = { sales: '2,000円', labour: '6,300円', share: '315.0%' };
    const labourOf = async (query: string) => {
      const html = (await admin.page(`/admin/sales?store_id=${STORE}&from=${date}&to=${date}&${query}`)).html;
      const table = /data-testid="sales-labour".*?<\/table>/s.exec(html)![0];
      return [...table.matchAll(/<tr data-key="([^"]+)">(.*?)<\/tr>/gs)].map(([, key, row]) => ({
        key,
        ...Object.fromEntries([...row!.matchAll(/data-figure="(\w+)">([^<]*)</g)].map((m) => [m[1], m[2]])),
      }));
    };
    expect(await labourOf('grain=day')).toEqual([
      { key: date, ...expected },
      { key: 'total', ...expected },
    ]);
    // Every store together: the other stores had nobody clocked in that day and sold nothing.
    expect(await labourOf('grain=day&scope=all')).toEqual([
      { key: date, ...expected },
      { key: 'total', ...expected },
    ]);
    // By month: the day's figures in its month's row.
    expect(await labourOf('grain=month')).toEqual([
      { key: date.slice(0, 7), ...expected },
      { key: 'total', ...expected },
    ]);
  });
});
