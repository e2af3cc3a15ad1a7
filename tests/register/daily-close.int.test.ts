import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import { dailyCloseTexts } from '../../apps/web/app/admin-area/register-texts';
import { httpClient, type HttpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, seatCodeOf, serverNow, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { eventLog, expectFiguresOfEvents, figuresFromEvents, type LoggedEvent } from './money-events';

/**
 * Decision 250: the daily close (日計・レジ締め). After a known set of checkouts every figure of
 * the close equals the sum computed from the event log by hand; closing is an event with the cash
 * counted, who and when; a sale on a closed day blocks the next close until a correction with a
 * reason is recorded, and that correction shows in the next close.
 */
describe('the daily close', () => {
  let server: TestWebServer;
  let admin: HttpClient;
  let today: string;

  beforeAll(async () => {
    server = await startTableOrderServer();
    admin = await signedInAdmin(server.url);
    today = tokyoDateOf(await serverNow(server));
  });
  afterAll(() => server?.close());

  /** A walk-in party at `seat` orders `items` and pays with `method`. */
  async function visit(
    seat: string,
    people: number,
    items: { menu_id: string; quantity: number }[],
    method: string,
    voided?: { items: { menu_id: string; quantity: number }[]; reason: string },
    /** Leave the party seated with its orders unpaid: no checkout. */
    unpaid?: 'unpaid',
  ) {
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: seat,
      seat_code: await seatCodeOf(server.url, seat),
      number_of_people: people,
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const { reservation_id, token } = checkIn.body;
    const orderIds: string[] = [];
    if (items.length > 0) {
      const order = await guest.send('POST', '/api/orders', { json: { seat_id: seat, reservation_id, items }, headers: withToken(token) });
      expect(order.status).toBe(200);
      orderIds.push(((await order.json()) as { order_id: string }).order_id);
    }
    if (voided) {
      // A second order the staff take back whole before checkout (decision 283): on no bill, in the close's voids.
      const order = await guest.send('POST', '/api/orders', { json: { seat_id: seat, reservation_id, items: voided.items }, headers: withToken(token) });
      expect(order.status).toBe(200);
      const { order_id } = (await order.json()) as { order_id: string };
      expect((await admin.post(`/api/orders/${order_id}/void`, { menu_id: null, reason: voided.reason })).status).toBe(200);
    }
    if (unpaid) return { reservationId: reservation_id, orderIds };
    const paid = await admin.send('POST', '/api/orders/checkout', { json: { reservation_id, payment_method: method, order_ids: orderIds } });
    expect(paid.status).toBe(200);
    return ((await paid.json()) as { receipt_id: string }).receipt_id;
  }
  const paidVisit = async (...args: Parameters<typeof visit>) => (await visit(...args)) as string;
  const openVisit = async (...args: Parameters<typeof visit>) => (await visit(...args)) as { reservationId: string; orderIds: string[] };

  const view = async (date: string) => {
    const answer = await admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const post = (form: Record<string, string>) =>
    admin.send('POST', `/admin/daily-close?store_id=${DEMO_STORE}&date=${form.date}`, { form: { store_id: DEMO_STORE, ...form } });
  const eventsOf = (log: LoggedEvent[], type: string) => log.filter((e) => e.type === type && e.streamId === `register-${DEMO_STORE}`);

  it('closes a day whose figures are the events’ sums; a later sale that day needs a correction, which the next close shows', async () => {
    await visit(
      'seat-t1',
      2,
      [
        { menu_id: 'menu-blend', quantity: 2 },
        { menu_id: 'menu-latte', quantity: 1 },
      ],
      'cash',
      { items: [{ menu_id: 'menu-tea', quantity: 2 }], reason: '作り直し' },
    );
    await visit(
      'seat-s1',
      3,
      [
        { menu_id: 'menu-cheesecake', quantity: 2 },
        { menu_id: 'menu-tea', quantity: 3 },
        { menu_id: 'menu-napolitan', quantity: 1 },
      ],
      'credit',
    );
    await visit('seat-c1', 1, [{ menu_id: 'menu-pudding', quantity: 1 }], 'qr');
    const refunded = await paidVisit('seat-t3', 4, [{ menu_id: 'menu-blend', quantity: 1 }], 'cash');
    // A refund: the cancelling receipt (赤伝) of the last visit, with its reason.
    expect((await admin.post(`/api/receipts/${refunded}/cancel`, { reason: '注文間違い' })).status).toBe(200);

    const expected = figuresFromEvents(await eventLog(admin), DEMO_STORE, today);
    expect(expected.sales.count, 'the four checkouts of this test').toBe(4);
    expect(Object.keys(expected.byCategory).sort()).toEqual(['dessert', 'drink', 'food']);
    expect(expected.refunds).toEqual({ 注文間違い: { count: 1, amount: 550 } });
    const open = await view(today);
    expect(open.close).toBeNull();
    expectFiguresOfEvents(open.figures, expected);

    // The screen asks before it closes; closing records the cash counted, the difference, who and when.
    const counted = expected.cashExpected - 100;
    const review = await post({ intent: 'review', date: today, cash_counted: String(counted), note: '釣銭不足' });
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(reviewHtml).toContain(dailyCloseTexts.confirmTitle);
    expect(reviewHtml).toContain('data-testid="close-confirm"');
    expect((await view(today)).close, 'reviewing closes nothing').toBeNull();
    const closed = await post({ intent: 'close', date: today, cash_counted: String(counted), note: '釣銭不足' });
    expect(closed.status).toBe(200);
    let log = await eventLog(admin);
    const [dayClosed] = eventsOf(log, 'DayClosed');
    expect(dayClosed?.data).toMatchObject({
      businessDate: today,
      cash: { expected: expected.cashExpected, counted, difference: -100 },
      note: '釣銭不足',
      corrections: [],
    });
    expect(dayClosed?.data.closedBy).toBe(dayClosed?.metadata.actor);
    expect(dayClosed?.metadata.actor).not.toBe('customer');
    const atClose = await view(today);
    expect(atClose.close?.cash).toEqual({ expected: expected.cashExpected, counted, difference: -100 });
    expectFiguresOfEvents(atClose.figures, expected);
    expect((await post({ intent: 'close', date: today, cash_counted: '0' })).status, 'a day closes once').toBe(409);

    // A sale on the closed day: the close keeps what it closed with, and the day shows as changed.
    await visit('seat-t4', 2, [{ menu_id: 'menu-juice', quantity: 2 }], 'electronic');
    const late = figuresFromEvents(await eventLog(admin), DEMO_STORE, today);
    const afterSale = await view(today);
    expect(afterSale.figures.sales.total).toBe(expected.sales.total);
    expect(afterSale.changed).toEqual([
      {
        date: today,
        countedTotal: expected.sales.total,
        nowTotal: late.sales.total,
        figures: expect.arrayContaining([{ figure: 'sales.total', before: expected.sales.total, after: late.sales.total }]),
      },
    ]);

    // The next day cannot close until the change is recorded with a reason.
    const now = await serverNow(server);
    const tomorrow = addDays(today, 1);
    await server.advanceClock(tokyoInstant(tomorrow, 12 * 60).getTime() - now.getTime());
    const refused = await post({ intent: 'close', date: tomorrow, cash_counted: '0' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(dailyCloseTexts.errors.correction_needed);
    expect((await post({ intent: 'correct', date: today, reason: ' ' })).status, 'a correction needs a reason').toBe(409);
    expect((await post({ intent: 'correct', date: today, reason: '締め後の会計' })).status).toBe(200);
    log = await eventLog(admin);
    const [corrected] = eventsOf(log, 'DayCorrected');
    expect(corrected?.data).toMatchObject({ businessDate: today, reason: '締め後の会計' });
    expect((corrected?.data.before as { sales: { total: number } }).sales.total).toBe(expected.sales.total);
    expectFiguresOfEvents(corrected?.data.after as DailyCloseAnswer['figures'], late);
    expectFiguresOfEvents((await view(today)).figures, late);

    // The next close shows the correction, and only that one.
    expect((await post({ intent: 'close', date: tomorrow, cash_counted: '0' })).status).toBe(200);
    const next = await view(tomorrow);
    expect(next.close?.reported).toEqual([
      expect.objectContaining({ businessDate: today, reason: '締め後の会計', totalBefore: expected.sales.total, totalAfter: late.sales.total }),
    ]);
    expect(eventsOf(await eventLog(admin), 'DayClosed').map((e) => (e.data.corrections as unknown[]).length)).toEqual([0, 1]);

    // The history names the close in Japanese.
    const history = await admin.page('/admin/history');
    expect(history.html).toContain('日計（レジ締め）');
  }, 180_000);

  it('names the parties still seated and the orders unpaid before a close, and a visit ended unpaid afterwards changes no figure the close vouched for', async () => {
    const now = await serverNow(server);
    const day = addDays(tokyoDateOf(now), 1);
    await server.advanceClock(tokyoInstant(day, 12 * 60).getTime() - now.getTime());
    await paidVisit('seat-t1', 2, [{ menu_id: 'menu-blend', quantity: 2 }], 'cash');
    const walkIn = await openVisit('seat-t3', 3, [{ menu_id: 'menu-cheesecake', quantity: 2 }], 'cash', undefined, 'unpaid');
    const before = await view(day);
    expect(before.open?.visits.map((v) => [v.reservationId, v.people])).toEqual([[walkIn.reservationId, 3]]);
    expect(before.open?.unpaidOrders.map((o) => o.orderId)).toEqual(walkIn.orderIds);

    // The confirmation names the party and its order; a close that does not confirm them is refused and closes nothing.
    const review = await post({ intent: 'review', date: day, cash_counted: String(before.figures.cashExpected) });
    const reviewHtml = await review.text();
    expect(reviewHtml).toContain('data-testid="close-open"');
    expect(reviewHtml).toContain(dailyCloseTexts.openTitle);
    expect(reviewHtml).toContain(`data-open-visit="${walkIn.reservationId}"`);
    expect(reviewHtml).toContain(`data-unpaid-order="${walkIn.orderIds[0]}"`);
    expect(reviewHtml).toContain('3名');
    const unconfirmed = await post({ intent: 'close', date: day, cash_counted: String(before.figures.cashExpected) });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.text()).toContain(dailyCloseTexts.errors.open_at_close);
    expect((await view(day)).close).toBeNull();
    const confirmed = [walkIn.reservationId, ...walkIn.orderIds].join(' ');
    expect((await post({ intent: 'close', date: day, cash_counted: String(before.figures.cashExpected), open_confirmed: confirmed })).status).toBe(200);
    const [, , dayClosed] = eventsOf(await eventLog(admin), 'DayClosed');
    expect(dayClosed?.data.openAtClose).toMatchObject({
      visits: [{ reservationId: walkIn.reservationId, people: 3 }],
      unpaidOrders: [{ orderId: walkIn.orderIds[0] }],
    });

    // The walk-in leaves without paying here: the same sales, checkouts and guests, so nothing to correct.
    expect((await admin.post('/api/admin/reservations/update', { id: walkIn.reservationId, status: 'exited' })).status).toBe(200);
    const afterExit = await view(day);
    expect(afterExit.changed).toEqual([]);
    expect(afterExit.figures.visits).toBe(before.figures.visits);

    // A real change after the close names each figure that moved, with its number before and after.
    await paidVisit('seat-c1', 1, [{ menu_id: 'menu-pudding', quantity: 1 }], 'qr');
    const changed = (await view(day)).changed;
    expect(changed.map((c) => c.date)).toEqual([day]);
    const moved = Object.fromEntries(changed[0]!.figures.map((f) => [f.figure, [f.before, f.after]]));
    expect(moved['sales.count']).toEqual([before.figures.sales.count, before.figures.sales.count + 1]);
    expect(moved['byMethod.qr.count']).toEqual([0, 1]);
    expect(
      Object.values(moved).every(([a, b]) => a !== b),
      'no figure shown as changed to the same number',
    ).toBe(true);
    const page = await admin.page(`/admin/daily-close?store_id=${DEMO_STORE}&date=${day}`);
    const count = before.figures.sales.count;
    expect(page.html).toContain(dailyCloseTexts.changedFigure(dailyCloseTexts.salesCount, String(count), String(count + 1)));
  }, 180_000);
});
