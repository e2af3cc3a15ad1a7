import { describe, expect, it } from 'vitest';
import { catalogService } from '../catalog/catalog-service';
import { DomainError } from '../decider';
import { toStreamName as ledgerStream } from '../seating/events';
import { toStreamName as stockStream } from '../stock/events';
import { AT_STORE, FAR_AWAY } from '../testing/table-catalog';
import { LUNCHTIME, PRINTED_SEAT_CODE, tableTestSystem } from '../testing/table-system';
import { testIds } from '../testing/test-ids';
import { STORE } from '../testing/reservation-catalog';

/** The guest at the table, through the services: check-in, tokens, waiver, orders with stock, checkout (decisions 060–063). */
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;
const refused = async (promise: Promise<unknown>, c: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${c}`).toSatisfy(code(c));
};
const ctx = { correlationId: 'test', seatCode: PRINTED_SEAT_CODE, reservationNumber: null };

/** A booking written straight to the day's ledger (a reservation of its own, or a walk-in whose reservation was lost). */
async function bookLedger(t: ReturnType<typeof tableTestSystem>, booking: { seatIds: string[]; startMinute: number; endMinute: number }) {
  const reservationId = testIds.uuid();
  await t.eventStore.appendToStream(
    ledgerStream(STORE, '2026-12-10'),
    [
      {
        eventId: testIds.uuid(),
        type: 'SeatsBooked',
        data: { reservationId, holdId: null, people: 2, ...booking },
        metadata: { correlationId: 'c', causationId: null, actor: 'customer', storeId: STORE },
      },
    ],
    { expectedRevision: 'any' },
  );
  return reservationId;
}

describe('QR check-in', () => {
  it('seats a walk-in at a free seat inside the fence; a second phone joins only through the first one’s invite', async () => {
    const t = tableTestSystem();
    const first = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    expect(first).toMatchObject({ isExisting: false, seatId: 'T1', seatName: 'テーブル1', validUntil: null });
    expect(first.token.startsWith(`${first.reservationId}.`)).toBe(true);
    await refused(t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx }), 'invite_required');
    const { pass } = await t.table.invite({ token: first.token, ...ctx });
    const second = await t.table.joinWithPass({ pass, ...ctx });
    expect(second).toMatchObject({ reservationId: first.reservationId, seatId: 'T1', validUntil: null });
    expect(second.token).not.toBe(first.token);
    await refused(t.table.joinWithPass({ pass, ...ctx }), 'pass_invalid');
    expect((await t.table.verifyToken(first.token)).reservationId).toBe(first.reservationId);
    expect((await t.table.verifyToken(second.token)).reservationId).toBe(first.reservationId);
  });

  it('refuses a guest without the seat’s printed code, whatever the position (finding 1)', async () => {
    const t = tableTestSystem();
    await refused(t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx, seatCode: null }), 'seat_code_invalid');
    await refused(t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx, seatCode: 'guessed' }), 'seat_code_invalid');
    expect(await t.eventStore.readAll()).toEqual([]);
  });

  it('staff seat a party: a one-time pass gives one phone a token with no code and no position', async () => {
    const t = tableTestSystem();
    const seated = await t.table.seatParty({ seatId: 'T2', people: 2, actor: 'staff-1', ...ctx });
    const phone = await t.table.joinWithPass({ pass: seated.pass, ...ctx });
    expect(phone).toMatchObject({ reservationId: seated.reservationId, seatId: 'T2' });
    await refused(t.table.joinWithPass({ pass: seated.pass, ...ctx }), 'pass_invalid');
    const late = await t.table.seatParty({ seatId: 'T2', people: 2, actor: 'staff-1', ...ctx });
    t.clock.advance(10);
    await refused(t.table.joinWithPass({ pass: late.pass, ...ctx }), 'pass_invalid');
  });

  it('answers the spec’s location codes and refuses when the store is closed', async () => {
    const t = tableTestSystem();
    await refused(t.table.checkIn({ seatId: 'T1', people: 2, position: FAR_AWAY, staff: null, ...ctx }), 'outside_geofence');
    await refused(t.table.checkIn({ seatId: 'T1', people: 2, position: null, staff: null, ...ctx }), 'location_required');
    await refused(
      tableTestSystem({ catalog: { fence: null } }).table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx }),
      'store_location_unset',
    );
    const closed = tableTestSystem({ catalog: { day: { closed: false, openTime: '13:00', closeTime: '20:00' } } });
    await refused(closed.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx }), 'store_closed');
    await refused(t.table.checkIn({ seatId: 'nope', people: 2, position: AT_STORE, staff: null, ...ctx }), 'unknown_seat');
    // Staff seat guests from the monitor without either step.
    expect((await closed.table.checkIn({ seatId: 'T1', people: 2, position: null, staff: 'staff-1', ...ctx })).isExisting).toBe(false);
  });

  it('refuses a party too large for the seat, and a seat booked for later within the stay', async () => {
    const t = tableTestSystem();
    await refused(t.table.checkIn({ seatId: 'T1', people: 3, position: AT_STORE, staff: null, ...ctx }), 'over_capacity');
    // A booking at T2 from 13:00: a walk-in's 90 minutes from 12:00 would overlap it.
    await bookLedger(t, { seatIds: ['T2'], startMinute: 13 * 60, endMinute: 14 * 60 + 30 });
    await refused(t.table.checkIn({ seatId: 'T2', people: 1, position: AT_STORE, staff: null, ...ctx }), 'seat_taken');
  });

  it('finishes a walk-in whose reservation was never recorded (the ledger written, the reservation lost)', async () => {
    const t = tableTestSystem();
    const lost = await bookLedger(t, { seatIds: ['T3'], startMinute: 12 * 60, endMinute: 13 * 60 + 30 });
    const healed = await t.table.checkIn({ seatId: 'T3', people: 2, position: AT_STORE, staff: null, ...ctx });
    expect(healed).toMatchObject({ reservationId: lost, isExisting: false });
    expect((await t.table.verifyToken(healed.token)).seatId).toBe('T3');
  });
});

describe('staff’s waiver of the location step', () => {
  it('lets the guest check in and order without a position for the granted minutes, and not after', async () => {
    const t = tableTestSystem();
    const seated = await t.table.checkIn({ seatId: 'T4', people: 4, position: AT_STORE, staff: null, ...ctx });
    // The phone's token is refused and it has no good position (a basement): no renewal until staff step in.
    await refused(t.table.renewToken({ seatId: 'T4', token: seated.token, position: FAR_AWAY, ...ctx }), 'outside_geofence');
    await refused(t.table.grantWithoutLocation({ reservationId: seated.reservationId, minutes: 240, actor: 'staff', ...ctx }), 'waiver_too_long');
    const { until } = await t.table.grantWithoutLocation({ reservationId: seated.reservationId, minutes: 15, actor: 'staff', ...ctx });
    expect(until).toBe(new Date(LUNCHTIME.getTime() + 15 * 60_000).toISOString());
    const waived = await t.table.renewToken({ seatId: 'T4', token: seated.token, position: null, ...ctx });
    expect(waived).toMatchObject({ reservationId: seated.reservationId, validUntil: until });
    const order = (auth: string) =>
      t.ordering.place({
        orderId: null,
        reservationId: seated.reservationId,
        seatId: 'T4',
        items: [{ menuId: 'coffee', quantity: 1 }],
        auth: { kind: 'token', token: auth },
        ...ctx,
      });
    t.clock.advance(14);
    await order(waived.token);
    t.clock.advance(1);
    await refused(order(waived.token), 'invalid_token');
    // The renewal replaced the phone's first token.
    await refused(order(seated.token), 'invalid_token');
    await refused(t.table.renewToken({ seatId: 'T4', token: waived.token, position: null, ...ctx }), 'location_required');
    await refused(t.table.renewToken({ seatId: 'T4', token: waived.token, position: FAR_AWAY, ...ctx }), 'outside_geofence');
    const back = await t.table.renewToken({ seatId: 'T4', token: waived.token, position: AT_STORE, ...ctx });
    expect(back.validUntil).toBeNull();
    await order(back.token);
  });
  it('a token cannot be renewed where nobody checked in, nor without the seat’s code', async () => {
    const t = tableTestSystem();
    await refused(t.table.renewToken({ seatId: 'T1', token: `${testIds.uuid()}.${'x'.repeat(22)}`, position: AT_STORE, ...ctx }), 'no_visit');
    const seated = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    await refused(t.table.renewToken({ seatId: 'T1', token: seated.token, position: AT_STORE, ...ctx, seatCode: null }), 'seat_code_invalid');
  });
});

describe('ordering', () => {
  it('prices from the catalog, refuses items the order page does not offer and tokens of another reservation', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const b = await t.table.checkIn({ seatId: 'T2', people: 2, position: AT_STORE, staff: null, ...ctx });
    const placed = await t.ordering.place({
      orderId: null,
      reservationId: a.reservationId,
      seatId: 'T1',
      items: [
        { menuId: 'coffee', quantity: 2 },
        { menuId: 'cake', quantity: 1 },
      ],
      auth: { kind: 'token', token: a.token },
      ...ctx,
    });
    expect(placed.subtotal).toBe(1520);
    const base = { orderId: null, reservationId: a.reservationId, seatId: 'T1', ...ctx };
    // A reservation course is refused as such (decision 631); an id the store does not have is unknown.
    await refused(t.ordering.place({ ...base, items: [{ menuId: 'course', quantity: 1 }], auth: { kind: 'token', token: a.token } }), 'course_not_orderable');
    await refused(t.ordering.place({ ...base, items: [{ menuId: 'made-up', quantity: 1 }], auth: { kind: 'token', token: a.token } }), 'unknown_item');
    await refused(t.ordering.place({ ...base, items: [{ menuId: 'coffee', quantity: 1 }], auth: { kind: 'token', token: b.token } }), 'invalid_token');
    await refused(
      t.ordering.place({ ...base, seatId: 'T2', items: [{ menuId: 'coffee', quantity: 1 }], auth: { kind: 'token', token: a.token } }),
      'wrong_seat',
    );
  });

  it('takes counted stock all or nothing, answers sold out, and a retried order takes nothing twice', async () => {
    const t = tableTestSystem();
    await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 2, isSoldOut: false }], actor: 'staff', ...ctx });
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const order = (orderId: string, quantity: number) =>
      t.ordering.place({
        orderId,
        reservationId: a.reservationId,
        seatId: 'T1',
        items: [
          { menuId: 'coffee', quantity: 1 },
          { menuId: 'cake', quantity },
        ],
        auth: { kind: 'token', token: a.token },
        ...ctx,
      });
    const first = testIds.uuid();
    await order(first, 1);
    await order(first, 1);
    expect((await t.stock.level(STORE, 'cake')).quantity).toBe(1);
    await refused(order(testIds.uuid(), 2), 'sold_out');
    expect((await t.stock.level(STORE, 'cake')).quantity).toBe(1);
    await order(testIds.uuid(), 1);
    expect((await t.stock.level(STORE, 'cake')).quantity).toBe(0);
    await refused(order(testIds.uuid(), 1), 'sold_out');
  });

  it('a resend whose counted items were taken but whose order was lost places the order and takes nothing again', async () => {
    const t = tableTestSystem();
    await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 2, isSoldOut: false }], actor: 'staff', ...ctx });
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    // Given the store's stock took the order's cake, and the phone never heard back (the order's own append lost).
    const orderId = testIds.uuid();
    await t.eventStore.appendToStream(
      stockStream(STORE),
      [
        {
          eventId: testIds.uuid(),
          type: 'StockReserved',
          data: { orderId, lines: [{ menuId: 'cake', quantity: 1, remaining: 1 }], reservedAt: LUNCHTIME.toISOString() },
          metadata: { correlationId: 'c', causationId: null, actor: 'customer', storeId: STORE },
        },
      ],
      { expectedRevision: 'any' },
    );
    const stockEvents = (await t.eventStore.readStream(stockStream(STORE))).length;
    // When the phone sends the order again.
    const placed = await t.ordering.place({
      orderId,
      reservationId: a.reservationId,
      seatId: 'T1',
      items: [{ menuId: 'cake', quantity: 1 }],
      auth: { kind: 'token', token: a.token },
      ...ctx,
    });
    // Then the order is placed, the count is what the first attempt left, and the stock stream has nothing new.
    expect(placed.position).not.toBeNull();
    expect((await t.stock.level(STORE, 'cake')).quantity).toBe(1);
    expect(await t.eventStore.readStream(stockStream(STORE))).toHaveLength(stockEvents);
  });

  it('staff are answered sold out before anything is written', async () => {
    const t = tableTestSystem();
    await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 1, isSoldOut: false }], actor: 'staff', ...ctx });
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const before = await t.eventStore.headPosition();
    const staffOrder = {
      orderId: null,
      reservationId: a.reservationId,
      seatId: 'T1',
      items: [{ menuId: 'cake', quantity: 2 }],
      auth: { kind: 'staff' as const, actor: 'staff-1' },
      ...ctx,
    };
    await refused(t.ordering.place(staffOrder), 'sold_out');
    expect(await t.eventStore.headPosition()).toBe(before);
    await t.ordering.place({ ...staffOrder, items: [{ menuId: 'cake', quantity: 1 }] });
    expect((await t.stock.level(STORE, 'cake')).quantity).toBe(0);
  });

  it('never sells more than there is when phones order at once', async () => {
    const t = tableTestSystem();
    // Caps as high as the editor allows, so only the stock answers the twenty orders of one phone.
    const caps = { store_id: STORE, per_visit_per_minute: 60, per_token_per_minute: 60 };
    await catalogService({ ...t, ids: testIds }).save({ kind: 'order-limits', id: STORE, data: caps }, { ...ctx, actor: 'admin', storeId: STORE });
    await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 3, isSoldOut: false }], actor: 'staff', ...ctx });
    const a = await t.table.checkIn({ seatId: 'T4', people: 4, position: AT_STORE, staff: null, ...ctx });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.ordering.place({
          orderId: null,
          reservationId: a.reservationId,
          seatId: 'T4',
          items: [{ menuId: 'cake', quantity: 1 }],
          auth: { kind: 'token', token: a.token },
          ...ctx,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected' && code('sold_out')(r.reason))).toHaveLength(17);
  });

  it('the stock editor refuses an item of another store and a save over a count orders changed', async () => {
    const t = tableTestSystem();
    await refused(
      t.stock.set({ storeId: 'other', settings: [{ menuId: 'cake', manageStock: true, quantity: 1, isSoldOut: false }], actor: 's', ...ctx }),
      'unknown_item',
    );
    await t.stock.set({ storeId: STORE, settings: [{ menuId: 'cake', manageStock: true, quantity: 5, isSoldOut: false }], actor: 's', ...ctx });
    await refused(
      t.stock.set({
        storeId: STORE,
        settings: [{ menuId: 'cake', manageStock: true, quantity: 9, isSoldOut: false, expectedQuantity: 4 }],
        actor: 's',
        ...ctx,
      }),
      'stock_changed',
    );
  });
});

describe('order limits (decision 155)', () => {
  /** Every event in the store, to show a refusal appended none. */
  const everything = async (t: ReturnType<typeof tableTestSystem>) => (await t.eventStore.readAll()).length;

  it('caps a phone’s orders per minute, appending nothing when refused; staff are not capped; a minute later the phone orders again', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const place = (auth: { kind: 'token'; token: string } | { kind: 'staff'; actor: string }, orderId: string | null = null) =>
      t.ordering.place({ orderId, reservationId: a.reservationId, seatId: 'T1', items: [{ menuId: 'coffee', quantity: 1 }], auth, ...ctx });
    const phone = { kind: 'token' as const, token: a.token };
    const first = await place(phone);
    for (let i = 1; i < 6; i++) await place(phone);
    // A resend of an order already placed is answered again, not counted again.
    expect((await place(phone, first.orderId)).orderId).toBe(first.orderId);
    const before = await everything(t);
    await refused(place(phone), 'too_many_orders');
    expect(await everything(t)).toBe(before);
    await place({ kind: 'staff', actor: 'staff-1' });
    t.clock.advance(1);
    await place(phone);
  });

  it('caps all phones of one visit together', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T4', people: 4, position: AT_STORE, staff: null, ...ctx });
    const phones = [a.token];
    // Further phones join through an invite from a phone already at the table (decision 152).
    for (let i = 0; i < 2; i++) phones.push((await t.table.joinWithPass({ pass: (await t.table.invite({ token: a.token, ...ctx })).pass, ...ctx })).token);
    const place = (token: string) =>
      t.ordering.place({
        orderId: null,
        reservationId: a.reservationId,
        seatId: 'T4',
        items: [{ menuId: 'coffee', quantity: 1 }],
        auth: { kind: 'token', token },
        ...ctx,
      });
    for (let i = 0; i < 12; i++) await place(phones[i % 3]!);
    await refused(place(phones[0]!), 'too_many_orders');
  });

  it('bounds an order by the party, sends a guest’s order above the amount to staff, and the store’s own limits replace the defaults', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const place = (
      items: { menuId: string; quantity: number }[],
      auth: { kind: 'token'; token: string } | { kind: 'staff'; actor: string } = { kind: 'token', token: a.token },
    ) => t.ordering.place({ orderId: null, reservationId: a.reservationId, seatId: 'T1', items, auth, ...ctx });
    const before = await everything(t);
    // Two people: at most 10 lines and 10 of one item (5 per person each).
    await refused(place(Array.from({ length: 11 }, () => ({ menuId: 'coffee', quantity: 1 }))), 'order_too_large');
    await refused(place([{ menuId: 'coffee', quantity: 11 }]), 'order_too_large');
    await refused(
      place([
        { menuId: 'coffee', quantity: 6 },
        { menuId: 'coffee', quantity: 5 },
      ]),
      'order_too_large',
    );
    await refused(place([{ menuId: 'coffee', quantity: 11 }], { kind: 'staff', actor: 'staff-1' }), 'order_too_large');
    expect(await everything(t)).toBe(before);
    expect((await place([{ menuId: 'coffee', quantity: 10 }])).subtotal).toBe(5000);

    await catalogService({ ...t, ids: testIds }).save(
      { kind: 'order-limits', id: STORE, data: { store_id: STORE, staff_above_yen: 4000 } },
      { ...ctx, actor: 'admin', storeId: STORE },
    );
    const saved = await everything(t);
    await refused(place([{ menuId: 'coffee', quantity: 9 }]), 'order_needs_staff');
    expect(await everything(t)).toBe(saved);
    expect((await place([{ menuId: 'coffee', quantity: 9 }], { kind: 'staff', actor: 'staff-1' })).subtotal).toBe(4500);
  });
});

describe('checkout', () => {
  it('bills the orders with the tax rounded down, sets the visit exited, kills the tokens and frees the seat', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const auth = { kind: 'token' as const, token: a.token };
    const place = (items: { menuId: string; quantity: number }[]) =>
      t.ordering.place({ orderId: null, reservationId: a.reservationId, seatId: 'T1', items, auth, ...ctx });
    const o1 = await place([{ menuId: 'coffee', quantity: 1 }]);
    const o2 = await place([
      { menuId: 'cake', quantity: 2 },
      { menuId: 'coffee', quantity: 1 },
    ]);
    const bill = await t.table.bill({ reservationId: a.reservationId, auth });
    // Shown with tax (decision 500): 550 + 2×572 + 550 = 2,244, of which tax ⌊2,244 × 10/110⌋ = 204.
    expect(bill).toMatchObject({ seatLabel: 'テーブル1', subtotal: 2244, tax: 204, total: 2244 });
    expect(bill.orders.map((o) => o.orderId)).toEqual([o1.orderId, o2.orderId]);
    await refused(t.table.checkOut({ reservationId: a.reservationId, auth, method: 'cash', orderIds: [o1.orderId], ...ctx }), 'orders_changed');
    t.clock.advance(40);
    const done = await t.table.checkOut({ reservationId: a.reservationId, auth, method: 'credit', orderIds: [o2.orderId, o1.orderId], ...ctx });
    expect(done.payment).toMatchObject({ method: 'credit', subtotal: 2244, tax: 204, total: 2244 });
    await refused(place([{ menuId: 'coffee', quantity: 1 }]), 'invalid_token');
    await refused(t.table.verifyToken(a.token), 'invalid_token');
    expect((await t.table.bill({ reservationId: a.reservationId, auth: { kind: 'staff', actor: 's' } })).exitedAt).not.toBeNull();
    // The seat is free again for the rest of the day.
    expect((await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx })).isExisting).toBe(false);
  });
});

describe('checkout while the read models lag (decision 602)', () => {
  it('bills and checks out an order a guest just placed though no worker has projected it', async () => {
    const t = tableTestSystem();
    // The orders read model as it stands while every worker is down: it has seen no order.
    t.catalog.orderIdsOf = async () => [];
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    const auth = { kind: 'token' as const, token: a.token };
    const placed = await t.ordering.place({
      orderId: null,
      reservationId: a.reservationId,
      seatId: 'T1',
      items: [{ menuId: 'coffee', quantity: 1 }],
      auth,
      ...ctx,
    });
    const bill = await t.table.bill({ reservationId: a.reservationId, auth });
    expect(bill.orders.map((o) => o.orderId)).toEqual([placed.orderId]);
    expect(bill.total).toBe(550);
    const done = await t.table.checkOut({ reservationId: a.reservationId, auth, method: 'cash', orderIds: [placed.orderId], ...ctx });
    expect(done.payment).toMatchObject({ method: 'cash', total: 550 });
  });
});

describe('a seat after checkout (decision 199)', () => {
  it('seats the next walk-in whose scan began a moment before the last party checked out', async () => {
    const t = tableTestSystem();
    const a = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    // The next party scans at 12:04:59.9; the first one pays at 12:05:00, while that check-in is
    // between reading the clock and reading the day's ledger (two requests, one moment).
    t.clock.advanceMs(5 * 60_000 - 100);
    const ledgerId = ledgerStream(STORE, '2026-12-10');
    const read = t.eventStore.readStream.bind(t.eventStore);
    let checkedOut = false;
    t.eventStore.readStream = async (streamId, options) => {
      if (streamId === ledgerId && !checkedOut) {
        checkedOut = true;
        t.clock.advanceMs(100);
        await t.table.checkOut({ reservationId: a.reservationId, auth: { kind: 'token', token: a.token }, method: 'cash', orderIds: null, ...ctx });
      }
      return read(streamId, options);
    };
    const b = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
    expect(checkedOut).toBe(true);
    expect(b).toMatchObject({ isExisting: false, seatId: 'T1' });
    expect(b.reservationId).not.toBe(a.reservationId);
  });

  it('seats a walk-in again and again at one seat, each party checking out within its first minute', async () => {
    const t = tableTestSystem();
    for (let party = 0; party < 3; party++) {
      const visit = await t.table.checkIn({ seatId: 'T1', people: 2, position: AT_STORE, staff: null, ...ctx });
      expect(visit.isExisting).toBe(false);
      t.clock.advanceMs(10_000);
      await t.table.checkOut({ reservationId: visit.reservationId, auth: { kind: 'token', token: visit.token }, method: 'cash', orderIds: null, ...ctx });
    }
  });
});
