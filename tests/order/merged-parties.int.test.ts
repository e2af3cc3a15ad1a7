import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { DEMO_STORE, moveToOpenHours, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { until } from '../support/until';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();

/**
 * Merged parties (decision 370) over HTTP on the real server with PostgreSQL:
 * staff merge two seated parties at adjoining demo seats (テーブル1 and テーブル2 adjoin; テーブル3
 * and ソファ席 do not), the bill has both parties' orders, the schedule shows one party, the
 * refusals say why, an undo before checkout gives both back, a resend with the same
 * Idempotency-Key appends nothing, and the read models rebuilt from the events equal the live ones.
 */
describe.skipIf(!pgUrl)('merged parties', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let staff: HttpClient;
  let events: pg.Pool;
  let today: string;

  beforeAll(async () => {
    database = await createTestDatabase(pgUrl!, 'moncafe_merge');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url }, port: 15601 });
    await waitForOrderMenu(server.url);
    today = await moveToOpenHours(server);
    staff = await signedInAdmin(server.url);
    events = database.pool(2);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const appendedBy = async (requestId: string) =>
    Number((await events.query<{ n: string }>(`select count(*) as n from events where metadata->>'correlationId' = $1`, [requestId])).rows[0]!.n);

  /** One call with a key and a request id of its own: its answer and how many events it appended. */
  async function call(path: string, json: unknown, key = randomUUID()) {
    const requestId = `merge-${randomUUID()}`;
    const response = await staff.send('POST', path, { json, headers: { 'idempotency-key': key, 'x-request-id': requestId } });
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true', appended: await appendedBy(requestId), key };
  }

  async function seat(seatId: string, people: number): Promise<string> {
    const r = await staff.postJson('/api/orders/seat-party', { seat_id: seatId, number_of_people: people });
    expect(r.status).toBe(200);
    return ((await r.json()) as { reservation_id: string }).reservation_id;
  }

  async function order(reservationId: string, seatId: string, menuId: string, quantity: number): Promise<string> {
    const r = await staff.postJson('/api/orders', { seat_id: seatId, reservation_id: reservationId, items: [{ menu_id: menuId, quantity }] });
    expect(r.status).toBe(200);
    return ((await r.json()) as { order_id: string }).order_id;
  }

  const billOf = async (reservationId: string) =>
    (
      await staff.getJson<{ reservation_id: string; order_ids: string[]; subtotal: number; seat_label: string }>(
        `/api/orders/checkout?reservation_id=${reservationId}`,
      )
    ).body;
  const schedule = async () =>
    (await staff.getJson<{ reservations: { id: string }[] }>(`/api/admin/reservations/status?store_id=${DEMO_STORE}&date=${today}`)).body.reservations;

  it('merges two seated parties at adjoining seats into one visit with one bill, once per key, and undoes it before checkout', async () => {
    const host = await seat('seat-t1', 2);
    const other = await seat('seat-t2', 2);
    const hostOrder = await order(host, 'seat-t1', 'menu-blend', 1);
    const otherOrder = await order(other, 'seat-t2', 'menu-blend', 2);
    const ownBill = await billOf(host);

    const merged = await call('/api/orders/merge', { reservation_id: host, other_reservation_id: other });
    expect(merged).toMatchObject({ status: 200, body: { success: true, reservation_id: host, seat_ids: ['seat-t1', 'seat-t2'], number_of_people: 4 } });
    // The ledger's join, the host's PartyMerged and the other's MergedIntoParty.
    expect(merged.appended).toBe(3);
    const again = await call('/api/orders/merge', { reservation_id: host, other_reservation_id: other }, merged.key);
    expect(again).toMatchObject({ status: 200, body: merged.body, replayed: true, appended: 0 });

    // One bill with both parties' orders, also when asked for the joined party.
    const bill = await billOf(host);
    expect(bill.order_ids.sort()).toEqual([hostOrder, otherOrder].sort());
    expect(bill.subtotal).toBe(ownBill.subtotal * 3);
    expect(bill.seat_label).toBe('テーブル1・テーブル2');
    expect((await billOf(other)).reservation_id).toBe(host);
    // The schedule shows one party of four at both seats.
    await until(async () => (await schedule()).every((r) => r.id !== other), { timeoutMs: 10_000, what: 'the schedule to follow the merge' });
    expect(JSON.stringify((await schedule()).find((r) => r.id === host))).toContain('seat-t2');

    // Before checkout the merge is undone: both parties with their own seats and orders again.
    const undone = await call('/api/orders/merge/undo', { reservation_id: host, other_reservation_id: other });
    expect(undone).toMatchObject({ status: 200, body: { success: true } });
    expect(undone.appended).toBe(3);
    const undoneAgain = await call('/api/orders/merge/undo', { reservation_id: host, other_reservation_id: other }, undone.key);
    expect(undoneAgain).toMatchObject({ status: 200, replayed: true, appended: 0 });
    expect((await billOf(host)).order_ids).toEqual([hostOrder]);
    expect((await billOf(other)).order_ids).toEqual([otherOrder]);
    await until(async () => (await schedule()).some((r) => r.id === other), { timeoutMs: 10_000, what: 'the schedule to follow the undo' });
    // An undo of what is not merged says so.
    const notMerged = await call('/api/orders/merge/undo', { reservation_id: host, other_reservation_id: other });
    expect(notMerged).toMatchObject({ status: 409, body: { error: 'not_merged' }, appended: 0 });
  });

  it('refuses parties whose seats do not adjoin, a party that paid, and a joined party the seats cannot hold, appending nothing', async () => {
    const a = await seat('seat-t3', 2);
    const b = await seat('seat-s1', 2);
    const apart = await call('/api/orders/merge', { reservation_id: a, other_reservation_id: b });
    expect(apart).toMatchObject({ status: 409, body: { error: 'not_adjoining', message: '隣り合う席の組だけが合流できます。' }, appended: 0 });

    const c = await seat('seat-t4', 2);
    const tooMany = await call('/api/orders/merge', { reservation_id: a, other_reservation_id: c, number_of_people: 9 });
    expect(tooMany).toMatchObject({ status: 409, body: { error: 'over_capacity', message: '合流後の人数が席の定員を超えます。' }, appended: 0 });

    const paid = await staff.postJson('/api/orders/checkout', { reservation_id: c, payment_method: 'cash', order_ids: [] });
    expect(paid.status).toBe(200);
    const checkedOut = await call('/api/orders/merge', { reservation_id: a, other_reservation_id: c });
    expect(checkedOut).toMatchObject({ status: 409, body: { error: 'checked_out', message: '会計済みの組は合流も合流の取り消しもできません。' }, appended: 0 });
    const itself = await call('/api/orders/merge', { reservation_id: a, other_reservation_id: a });
    expect(itself).toMatchObject({ status: 400, body: { error: 'same_party' }, appended: 0 });
  });

  it('checks out the merged party as one: both visits end, the payment has both parties’ orders', async () => {
    const host = await seat('seat-c1', 1);
    const other = await seat('seat-c2', 1);
    const first = await order(host, 'seat-c1', 'menu-blend', 1);
    const second = await order(other, 'seat-c2', 'menu-blend', 1);
    expect((await call('/api/orders/merge', { reservation_id: host, other_reservation_id: other })).status).toBe(200);
    const paid = await staff.postJson('/api/orders/checkout', { reservation_id: host, payment_method: 'cash', order_ids: [first, second] });
    expect(paid.status).toBe(200);
    const undo = await call('/api/orders/merge/undo', { reservation_id: host, other_reservation_id: other });
    expect(undo).toMatchObject({ status: 409, body: { error: 'checked_out' }, appended: 0 });
    const rows = await events.query<{ type: string; stream_id: string }>(
      `select type, stream_id from events where type = 'CheckedOut' and stream_id in ($1, $2)`,
      [`reservation-${host}`, `reservation-${other}`],
    );
    expect(rows.rows.map((r) => r.stream_id).sort()).toEqual([`reservation-${host}`, `reservation-${other}`].sort());
    // The billing read model's payment is the host's, with both parties' orders; the other paid nothing of its own.
    const payments = async () =>
      (
        await events.query<{ reservation_id: string; order_ids: string[] }>(`select reservation_id, order_ids from payments where reservation_id in ($1, $2)`, [
          host,
          other,
        ])
      ).rows;
    await until(async () => (await payments()).length > 0, { timeoutMs: 10_000, what: 'the payment row' });
    expect((await payments()).map((p) => ({ ...p, order_ids: [...p.order_ids].sort() }))).toEqual([
      { reservation_id: host, order_ids: [first, second].sort() },
    ]);
  });

  it('shows a merged party as one party at its joined size: the kitchen’s tickets, a phone let in by staff’s pass (decision 515) and the party call of either party’s phone (decision 649)', async () => {
    const seated = await staff.postJson('/api/orders/seat-party', { seat_id: 'seat-t4', number_of_people: 3 });
    expect(seated.status).toBe(200);
    const walkIn = (await seated.json()) as { reservation_id: string; is_existing: boolean; pass: string };
    const size = walkIn.is_existing
      ? (await events.query<{ people: number }>('select people from reservations where id = $1', [walkIn.reservation_id])).rows[0]!.people
      : 3;
    // A party let in by the QR staff showed: the phone learns the party's size from the server, not "1 guest".
    const joined = await staff.postJson('/api/orders/join', { pass: walkIn.pass });
    expect(joined.status).toBe(200);
    expect(((await joined.json()) as { number_of_people: number | null }).number_of_people).toBe(size);

    const host = await seat('seat-t1', 2);
    const seatedOther = await staff.postJson('/api/orders/seat-party', { seat_id: 'seat-t2', number_of_people: 2 });
    const { reservation_id: other, pass: otherPass } = (await seatedOther.json()) as { reservation_id: string; pass: string };
    const ticket = await order(other, 'seat-t2', 'menu-latte', 1);
    expect((await call('/api/orders/merge', { reservation_id: host, other_reservation_id: other })).status).toBe(200);
    // The other party's phone, let in after the merge, reads its party: the joined one, at 4.
    const phone = httpClient(server.url);
    const phoneJoined = await phone.post<{ token: string }>('/api/orders/join', { pass: otherPass });
    expect(phoneJoined.status).toBe(200);
    const bearer = { authorization: `Bearer ${phoneJoined.body.token}` };
    const party = await phone.send('GET', `/api/orders/party?reservation_id=${other}`, { headers: bearer });
    expect(await party.json()).toEqual({ success: true, reservation_id: host, seat_label: 'テーブル1・テーブル2', number_of_people: 4 });
    // Its token reads its own reservation's party only.
    expect((await phone.send('GET', `/api/orders/party?reservation_id=${host}`, { headers: bearer })).status).toBe(401);
    expect((await httpClient(server.url).send('GET', `/api/orders/party?reservation_id=${other}`)).status).toBe(401);
    await until(
      async () => {
        const ready = await staff.getJson<{ orders: { id: string; people: number | null }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`);
        return ready.body.orders.find((o) => o.id === ticket)?.people === 4;
      },
      { timeoutMs: 10_000, what: 'the merged party’s ticket at its joined size' },
    );
  });

  it('rebuilds the read models from the events to what the projectors made live', { timeout: 120_000 }, async () => {
    const dump = async () => {
      const reservations = await events.query(`select id, seat_ids, people, merged_into, status from reservations order by id`);
      const payments = await events.query(`select reservation_id, order_ids, total from payments order by reservation_id`);
      const orders = await events.query(`select id, reservation_id, status, subtotal from orders order by id`);
      return JSON.stringify([reservations.rows, payments.rows, orders.rows]);
    };
    const live = await dump();
    expect(live).toContain('seat-t1');
    const started = await staff.postJson('/api/admin/database', { rebuild: [] });
    expect(started.status).toBe(200);
    await until(
      async () => {
        const { body: status } = await staff.getJson<{ operation: { status: string } | null; readModels: { behind: number }[] }>('/api/admin/database');
        return (status.operation?.status ?? 'done') === 'done' && status.readModels.every((m) => m.behind === 0);
      },
      { timeoutMs: 100_000, what: 'the rebuild' },
    );
    expect(await dump()).toBe(live);
  });
});
