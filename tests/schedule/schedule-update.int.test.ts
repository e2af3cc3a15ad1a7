import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, minutesOf } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { signInEveryone, type Identity } from '../security/support/identities';
import { AT_DEMO_STORE, DEMO_STORE, moveToOpenHours, waitForOrderMenu, seatCodeOf } from '../support/table-order';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';

type Reservation = { id: string; seat_ids: string[]; reservation_time: string; people: number; status: string | null; detail: unknown; menu_id: string | null };
type Day = { success: true; date: string; reservations: Reservation[]; hours: { open: number; close: number } };
type Detail = {
  success: true;
  reservation: Reservation;
  history: { kind: string; actor: string; from?: unknown; to?: unknown }[];
  actors: Record<string, string>;
};
type Refusal = { success: false; error: string; code?: string; message?: string; details?: string };

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** The next 5-minute step at or after `m`. */
const step = (m: number) => Math.ceil(m / 5) * 5;

/**
 * POST /api/admin/reservations/update called directly, with crafted bodies: the seating ledger
 * refuses a party too large for the seat and an overlap (a stay inside another, a customer's live
 * hold) exactly as the schedule's drag is refused, and nothing changes — neither the events (the
 * reservation's history is read from its stream) nor the read model. Roles: customer and staff
 * are refused; a monitor moves but only an admin sets the status.
 */
describe('the schedule update call', () => {
  let server: TestWebServer;
  let who: Record<Identity['name'], HttpClient>;
  let date: string;
  let t1: string;
  let t3: string;

  const day = async () => (await who.admin.getJson<Day>(`/api/admin/reservations/status?store_id=${DEMO_STORE}&date=${date}`)).body;
  const detail = async (id: string) => (await who.admin.getJson<Detail>(`/api/admin/reservations/${id}`)).body;
  const row = async (id: string) => (await day()).reservations.find((r) => r.id === id)!;
  const update = (client: HttpClient, body: unknown) => client.post<Refusal>('/api/admin/reservations/update', body);

  async function walkIn(seatId: string, people: number): Promise<string> {
    const guest = httpClient(server.url);
    const r = await guest.post('/api/orders/qr-checkin', {
      seat_id: seatId,
      seat_code: await seatCodeOf(server.url, seatId),
      number_of_people: people,
      ...AT_DEMO_STORE,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.reservation_id as string;
  }

  /** Refused with this code and message, and nothing changed: the same history (events) and the same row (read model). */
  async function refusedUnchanged(body: Record<string, unknown>, status: number, code: string, message?: string) {
    const id = body.id as string;
    const [before, history] = [await row(id), (await detail(id)).history];
    const answer = await update(who.admin, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ success: false, error: code, code });
    if (message) expect(answer.body).toMatchObject({ message, details: message });
    expect(await row(id)).toEqual(before);
    expect((await detail(id)).history).toEqual(history);
  }

  beforeAll(async () => {
    server = await startTestWebServer();
    await waitForOrderMenu(server.url);
    // A customer's live hold later that day is one of the overlaps: before the same-day deadline.
    date = await moveToOpenHours(server, 240, { sameDayBookable: true });
    const everyone = await signInEveryone(server.url);
    who = Object.fromEntries(everyone.map((i) => [i.name, i.client])) as Record<Identity['name'], HttpClient>;
    t1 = await walkIn('seat-t1', 2);
    t3 = await walkIn('seat-t3', 3);
    await waitForAnswer(day, (d) => d.reservations.length === 2, 400);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses customers, staff and anonymous callers; a monitor may move but not set the status', async () => {
    const current = await row(t1);
    const move = { id: t1, seat_ids: ['seat-t2'], reservation_time: clock(step(minutesOf(current.reservation_time)) + 5) };
    for (const name of ['anonymous', 'customer', 'staff'] as const) {
      expect((await who[name].get(`/api/admin/reservations/status?date=${date}`)).status).toBeGreaterThanOrEqual(401);
      expect((await who[name].get(`/api/admin/reservations/${t1}`)).status).toBeGreaterThanOrEqual(401);
      const refused = await update(who[name], move);
      expect([401, 403]).toContain(refused.status);
      const status = await update(who[name], { id: t1, status: 'confirmed' });
      expect([401, 403]).toContain(status.status);
    }
    expect(await row(t1)).toEqual(current);
    const monitorStatus = await update(who.monitor, { id: t1, status: 'confirmed' });
    expect(monitorStatus.status).toBe(403);
    expect(monitorStatus.body).toMatchObject({ error: 'admin_only', code: 'admin_only' });
    expect((await row(t1)).status).toBe('guest');
  });

  it('refuses a party larger than the seat with 定員オーバーです, also when the body claims more people', async () => {
    const r = await row(t1);
    await refusedUnchanged(
      { id: t1, seat_ids: ['seat-c1'], reservation_time: clock(step(minutesOf(r.reservation_time))) },
      409,
      'over_capacity',
      '定員オーバーです',
    );
    await refusedUnchanged(
      { id: t1, seat_ids: ['seat-t1'], reservation_time: clock(step(minutesOf(r.reservation_time))), people: 5 },
      409,
      'over_capacity',
      '定員オーバーです',
    );
  });

  it('refuses an overlap with 他の予約と重なります: a stay inside another, and a customer’s live hold', async () => {
    const long = await row(t3);
    const inside = clock(step(minutesOf(long.reservation_time) + 30));
    await refusedUnchanged({ id: t1, seat_ids: ['seat-t3'], reservation_time: inside }, 409, 'overlap', '他の予約と重なります');

    // A customer choosing a time right now holds a seat: a move onto it is refused while the hold lives.
    const { hours } = await day();
    const later = step(minutesOf(long.reservation_time) + 150);
    expect(later + 90).toBeLessThanOrEqual(hours.close);
    const customer = httpClient(server.url);
    const held = await customer.post('/api/customery-day/allocate-seat', { date, time: clock(later), people: 2, menuIds: [] });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const seat = (held.body.seat_ids as string[])[0]!;
    expect(seat).toBeTruthy();
    await refusedUnchanged({ id: t1, seat_ids: [seat], reservation_time: clock(later) }, 409, 'overlap', '他の予約と重なります');
  });

  it('refuses times off the 5-minute steps or outside open hours, course changes, unknown seats and stale views', async () => {
    const r = await row(t1);
    const start = step(minutesOf(r.reservation_time)) + 5;
    await refusedUnchanged({ id: t1, seat_ids: ['seat-t2'], reservation_time: clock(start + 2) }, 400, 'off_step');
    await refusedUnchanged({ id: t1, seat_ids: ['seat-t2'], reservation_time: '23:30' }, 409, 'outside_hours');
    await refusedUnchanged({ id: t1, seat_ids: ['seat-t2'], reservation_time: clock(start), menu_id: 'course-lunch' }, 400, 'course_fixed');
    await refusedUnchanged({ id: t1, seat_ids: ['seat-nowhere'], reservation_time: clock(start) }, 400, 'unknown_seat');
    await refusedUnchanged(
      { id: t1, seat_ids: ['seat-t2'], reservation_time: clock(start), expected: { seat_ids: ['seat-t4'], reservation_time: r.reservation_time } },
      409,
      'changed_elsewhere',
    );
    expect((await update(who.admin, { id: t1, seat_ids: ['seat-t2'], reservation_time: clock(start), extra: 1 })).status).toBe(400);
    expect(await row(t1)).toEqual(r);
  });

  it('moves when the ledger allows it, and the history says who moved it, when, from where and to where', async () => {
    const r = await row(t1);
    const to = clock(step(minutesOf(r.reservation_time)) + 10);
    const moved = await update(who.monitor, {
      id: t1,
      seat_ids: ['seat-t2'],
      reservation_time: to,
      people: 2,
      expected: { seat_ids: r.seat_ids, reservation_time: r.reservation_time },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await row(t1)).toMatchObject({ seat_ids: ['seat-t2'], reservation_time: to });
    const { history, actors } = await detail(t1);
    const move = history.find((h) => h.kind === 'moved')!;
    expect(move).toMatchObject({ from: { seatIds: ['seat-t1'], time: r.reservation_time, date }, to: { seatIds: ['seat-t2'], time: to, date } });
    expect(actors[move.actor]).toBe('monitor さん');
    expect(history[0]).toMatchObject({ kind: 'created' });
  });

  it('moves to another day through the form’s date: the new day’s ledger decides, the old day lets the seats go', async () => {
    const r = await row(t1);
    const next = addDays(date, 1);
    await refusedUnchanged({ id: t1, seat_ids: ['seat-c1'], reservation_time: '12:00', reservation_date: next }, 409, 'over_capacity', '定員オーバーです');
    const moved = await update(who.admin, { id: t1, seat_ids: ['seat-t1'], reservation_time: '12:00', reservation_date: next });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await day()).reservations.some((x) => x.id === t1)).toBe(false);
    const tomorrow = (await who.admin.getJson<Day>(`/api/admin/reservations/status?store_id=${DEMO_STORE}&date=${next}`)).body;
    expect(tomorrow.reservations.find((x) => x.id === t1)).toMatchObject({ seat_ids: ['seat-t1'], reservation_time: '12:00' });
    const last = (await detail(t1)).history.at(-1)!;
    expect(last).toMatchObject({
      kind: 'moved',
      from: { date, seatIds: r.seat_ids, time: r.reservation_time },
      to: { date: next, seatIds: ['seat-t1'], time: '12:00' },
    });
    // Today's seat is free again: a party sitting down there now is a new walk-in, not this booking's arrival.
    const sat = await httpClient(server.url).post('/api/orders/qr-checkin', {
      seat_id: 'seat-t2',
      seat_code: await seatCodeOf(server.url, 'seat-t2'),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    expect(sat.status).toBe(200);
    expect(sat.body).toMatchObject({ is_existing: false });
    expect(sat.body.reservation_id).not.toBe(t1);
  });

  it('lets one of two managers moving the same block at once win; the other is refused', async () => {
    const r = await row(t3);
    const movesBefore = (await detail(t3)).history.filter((h) => h.kind === 'moved').length;
    const expected = { seat_ids: r.seat_ids, reservation_time: r.reservation_time };
    const base = step(minutesOf(r.reservation_time));
    const answers = await Promise.all([
      update(who.admin, { id: t3, seat_ids: ['seat-t4'], reservation_time: clock(base + 5), expected }),
      update(who.monitor, { id: t3, seat_ids: ['seat-s1'], reservation_time: clock(base + 15), expected }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('changed_elsewhere');
    const winner = answers[0]!.status === 200 ? { seat: 'seat-t4', time: clock(base + 5) } : { seat: 'seat-s1', time: clock(base + 15) };
    expect(await row(t3)).toMatchObject({ seat_ids: [winner.seat], reservation_time: winner.time });
    expect((await detail(t3)).history.filter((h) => h.kind === 'moved')).toHaveLength(movesBefore + 1);
  });

  it('sets the status as the admin picks it, and refuses a status change after checkout with the code', async () => {
    expect((await update(who.admin, { id: t3, status: 'confirmed' })).status).toBe(200);
    expect((await row(t3)).status).toBe('confirmed');
    expect((await update(who.admin, { id: t3, status: 'exited' })).status).toBe(200);
    const exited = await row(t3);
    expect(exited.status).toBe('exited');
    await refusedUnchanged({ id: t3, status: 'web' }, 409, 'status_final');
    const history = (await detail(t3)).history.map((h) => h.kind);
    expect(history).toEqual(expect.arrayContaining(['created', 'moved', 'status', 'checked_out']));
  });
});
