import { describe, expect, it, vi } from 'vitest';
import { foldStream } from '../command-handler';
import { DomainError } from '../decider';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger } from '../seating/decider';
import { cakeCourse, cakeCourseOffer, fixedCatalog, STORE } from '../testing/reservation-catalog';
import { reservationTestSystem } from '../testing/reservation-system';
import { holdExpiry } from './booking-service';
import { staffBookingService } from './staff-booking-service';
import { toStreamName } from './events';
import { claimReservationNumber, reservationNumberOf, reservationNumberPattern } from './number';
import { reservationDecider } from './decider';

/** The booking service and its reads of the two streams, over the in-memory test system. */
function setup() {
  const system = reservationTestSystem();
  const { booking, eventStore } = system;
  const flow = {
    ...booking,
    reservation: async (id: string) => foldStream(reservationDecider, await eventStore.readStream(toStreamName(id))),
    ledger: async (store: string, date: string) => foldStream(seatingLedger, await eventStore.readStream(ledgerStream(store, date))),
  };
  return { ...system, flow };
}
const contact = { name: '山田花子', email: 'hanako@example.jp', phone: '090-1234-5678' };
const c = 'corr-1';

async function book(s: ReturnType<typeof setup>, sessionId = 's1', people = 2) {
  const held = await s.flow.allocateSeat({ sessionId, date: '2026-12-20', time: '12:00', people, menuIds: [cakeCourse.menuId], correlationId: c });
  const made = await s.flow.requestReservation({
    sessionId,
    date: '2026-12-20',
    time: '12:00',
    people,
    customer: contact,
    accountId: null,
    cart: [{ menuId: cakeCourse.menuId, quantity: 1 }],
    detail: {},
    correlationId: c,
  });
  // The token travels only in the mail.
  return { held, requested: { ...made, token: s.lastToken() } };
}
const refusedWith = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
};

describe('booking flow', () => {
  it('holds a seat, turns it into a reservation awaiting confirmation, and books it on confirmation', async () => {
    const s = setup();
    const { flow, clock } = s;
    const { held, requested } = await book(s);
    expect(held.seatIds).toEqual(['T1']);
    expect(requested.token.startsWith(`${requested.reservationId}.`)).toBe(true);
    // ≥128 random bits: 16 bytes in base64url.
    expect(requested.token.split('.')[1]!.length).toBeGreaterThanOrEqual(22);
    expect((await flow.reservation(requested.reservationId)).status).toBe('awaiting_confirmation');

    clock.advance(4);
    const confirmed = await flow.confirm(requested.token, c);
    expect(confirmed.alreadyConfirmed).toBe(false);
    expect((await flow.reservation(requested.reservationId)).status).toBe('confirmed');
    expect(Object.keys((await flow.ledger(STORE, '2026-12-20')).bookings)).toEqual([requested.reservationId]);

    // The used link shows the reservation as confirmed and appends nothing.
    const again = await flow.confirm(requested.token, c);
    expect(again.alreadyConfirmed).toBe(true);
    expect(again.position).toBeNull();
  });

  it('refuses a link five minutes old as expired, and its seats are free again', async () => {
    const s = setup();
    const { flow, clock } = s;
    const { requested } = await book(s);
    clock.advance(5);
    await refusedWith(flow.confirm(requested.token, c), 'token_expired');
    // Viewing the expired link tells only that (decision 166): no summary with the guest's details.
    await refusedWith(flow.viewByLink(requested.token), 'token_expired');
    expect((await flow.reservation(requested.reservationId)).status).toBe('awaiting_confirmation');
    const other = await flow.allocateSeat({ sessionId: 's2', date: '2026-12-20', time: '12:00', people: 2, menuIds: [], correlationId: c });
    expect(other.seatIds).toEqual(['T1']);
  });

  it('refuses a tampered token', async () => {
    const s = setup();
    const { flow } = s;
    const { requested } = await book(s);
    await refusedWith(flow.confirm(`${requested.reservationId}.AAAAAAAAAAAAAAAAAAAAAAAA`, c), 'invalid_token');
    await refusedWith(flow.confirm('not-a-token', c), 'invalid_token');
  });

  it('a hold counts as taken while it lasts and not after', async () => {
    const { flow, clock } = setup();
    await flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, menuIds: [], correlationId: c });
    const second = await flow.allocateSeat({ sessionId: 's2', date: '2026-12-20', time: '12:30', people: 2, menuIds: [], correlationId: c });
    expect(second.seatIds).toEqual(['T2']);
    clock.advance(5);
    const third = await flow.allocateSeat({ sessionId: 's3', date: '2026-12-20', time: '12:00', people: 2, menuIds: [], correlationId: c });
    expect(third.seatIds).toEqual(['T1']);
  });

  it('releases the hold when the cart empties', async () => {
    const { flow } = setup();
    await flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, menuIds: [], correlationId: c });
    await flow.releaseHold({ sessionId: 's1', date: '2026-12-20', correlationId: c });
    expect((await flow.ledger(STORE, '2026-12-20')).holds).toEqual({});
  });

  it('cancels with the matching e-mail, releasing the seats at once; a wrong e-mail looks like an unknown id', async () => {
    const s = setup();
    const { flow } = s;
    const { requested } = await book(s);
    await flow.confirm(requested.token, c);
    await refusedWith(flow.cancelByEmail({ reservationId: requested.reservationId, email: 'x@example.jp', reason: '', correlationId: c }), 'not_found');
    await refusedWith(
      flow.cancelByEmail({ reservationId: '00000000-0000-4000-8000-000000000000', email: contact.email, reason: '', correlationId: c }),
      'not_found',
    );
    await flow.cancelByEmail({ reservationId: requested.reservationId, email: contact.email, reason: '都合が悪くなった', correlationId: c });
    expect((await flow.reservation(requested.reservationId)).status).toBe('cancelled');
    expect((await flow.ledger(STORE, '2026-12-20')).bookings).toEqual({});
    // The guest is told, with the reservation's number.
    const mail = s.mails.at(-1)!;
    expect(mail).toMatchObject({ kind: 'cancelled', mail: { to: contact.email }, summary: { status: 'cancelled', reservationId: requested.reservationId } });
    expect(mail.summary.reservationNumber).toMatch(reservationNumberPattern);
  });

  it('answers the confirmation link of a cancelled reservation as cancelled, and a wrong secret for it as invalid', async () => {
    const s = setup();
    const { flow } = s;
    const { requested } = await book(s);
    await flow.confirm(requested.token, c);
    await flow.cancelByLink({ token: requested.token, reason: '', correlationId: c });
    expect(s.mails.map((m) => m.kind)).toEqual(['confirmation-request', 'confirmed', 'cancelled']);
    await refusedWith(flow.confirm(requested.token, c), 'cancelled');
    await refusedWith(flow.viewByLink(requested.token), 'cancelled');
    await refusedWith(flow.viewByLink(`${requested.reservationId}.AAAAAAAAAAAAAAAAAAAAAAAA`), 'not_found');
  });

  it('gives every reservation its own short number, drawn again when the first draw is taken', async () => {
    const s = setup();
    const first = await book(s, 's1');
    const second = await book(s, 's2');
    const numberOf = async (id: string) => {
      const state = await s.flow.reservation(id);
      return state.status === 'empty' ? null : state.request.reservationNumber;
    };
    const a = await numberOf(first.requested.reservationId);
    const b = await numberOf(second.requested.reservationId);
    expect(a).toMatch(reservationNumberPattern);
    expect(b).toMatch(reservationNumberPattern);
    expect(a).not.toBe(b);
    expect(s.mails[0]!.summary.reservationNumber).toBe(a);

    // A number already claimed is never handed out twice: a taken draw is drawn again, and
    // after eight taken draws in a row the request is refused rather than doubled.
    const drawing = (...tokens: string[]) => ({ ...s.ports, ids: { uuid: () => crypto.randomUUID(), token: () => tokens.shift() ?? 'taken' } });
    const context = { correlationId: c, actor: 'customer' };
    const taken = reservationNumberOf(s.ports.hashing.sha256Hex('taken'));
    expect(await claimReservationNumber(drawing('taken'), 'r-x', context)).toBe(taken);
    await refusedWith(claimReservationNumber(drawing(), 'r-y', context), 'number_unavailable');
    expect(await claimReservationNumber(drawing('taken', 'fresh'), 'r-z', context)).toBe(reservationNumberOf(s.ports.hashing.sha256Hex('fresh')));
  });

  it('refuses dates by the spec checks before looking at seats', async () => {
    const { flow } = setup();
    // 2026-12-16 is a Wednesday: closed.
    await refusedWith(flow.allocateSeat({ sessionId: 's1', date: '2026-12-16', time: '12:00', people: 2, menuIds: [], correlationId: c }), 'date_refused');
    // The cake course must be booked two days before at 18:00.
    await refusedWith(
      flow.allocateSeat({ sessionId: 's1', date: '2026-12-11', time: '12:00', people: 2, menuIds: [cakeCourse.menuId], correlationId: c }),
      'date_refused',
    );
    // Today, a time already past.
    await refusedWith(flow.allocateSeat({ sessionId: 's1', date: '2026-12-10', time: '09:30', people: 2, menuIds: [], correlationId: c }), 'time_unavailable');
  });

  it('answers seats_full when nothing fits', async () => {
    const { flow } = setup();
    await refusedWith(flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 13, menuIds: [], correlationId: c }), 'seats_full');
  });
});

describe('hold expiry', () => {
  it('ends with the reservation session when the browser says when it started, within bounds', () => {
    const now = new Date('2026-12-10T01:03:00Z');
    expect(holdExpiry(now).toISOString()).toBe('2026-12-10T01:08:00.000Z');
    expect(holdExpiry(now, new Date('2026-12-10T01:01:00Z')).toISOString()).toBe('2026-12-10T01:06:00.000Z');
    // A start in the future or a session already over is not believed.
    expect(holdExpiry(now, new Date('2026-12-10T01:09:00Z')).toISOString()).toBe('2026-12-10T01:08:00.000Z');
    expect(holdExpiry(now, new Date('2026-12-10T00:50:00Z')).toISOString()).toBe('2026-12-10T01:08:00.000Z');
  });
});

describe('staff commands', () => {
  it('move a confirmed reservation to free seats or another time, refusing overlaps and small seats, and cancel it', async () => {
    const s = setup();
    const { flow, staff } = s;
    const { requested } = await book(s);
    await flow.confirm(requested.token, c);
    const other = await book(s, 's2');
    await flow.confirm(other.requested.token, c);
    const id = requested.reservationId;
    // r1 sits at T1, r2 at T2 (both 12:00–13:30).
    await refusedWith(staff.move({ reservationId: id, seatIds: ['T2'], time: '12:30', actor: 'admin-1', correlationId: c }), 'overlap');
    await staff.move({ reservationId: id, seatIds: ['T3'], time: '13:00', actor: 'admin-1', correlationId: c });
    expect((await flow.ledger(STORE, '2026-12-20')).bookings[id]).toMatchObject({ seatIds: ['T3'], start: 13 * 60, end: 14 * 60 + 30 });
    const state = await flow.reservation(id);
    expect(state.status === 'confirmed' && state.request.time).toBe('13:00');
    await staff.cancel({ reservationId: id, reason: '電話でキャンセル', actor: 'admin-1', correlationId: c });
    expect((await flow.reservation(id)).status).toBe('cancelled');
    // Staff's cancel mails the guest too.
    expect(s.mails.at(-1)).toMatchObject({ kind: 'cancelled', mail: { to: contact.email }, summary: { reservationId: id } });
    expect((await flow.ledger(STORE, '2026-12-20')).bookings[id]).toBeUndefined();
  });

  it("keep the customer's course: a move that sends it back unchanged goes through, a changed course or options is refused; only an admin sets the status", async () => {
    const s = setup();
    const { flow, staff } = s;
    const { requested } = await book(s);
    await flow.confirm(requested.token, c);
    const id = requested.reservationId;
    const move = { reservationId: id, seatIds: ['T3'], time: '13:00', actor: 'admin-1', correlationId: c };
    const before = await s.eventStore.readStream(toStreamName(id));
    await refusedWith(staff.move({ ...move, course: { menuId: 'm-other' } }), 'course_fixed');
    await refusedWith(staff.move({ ...move, course: { menuId: cakeCourse.menuId, detail: { message: 'おめでとう' } } }), 'course_fixed');
    expect(await s.eventStore.readStream(toStreamName(id))).toEqual(before);
    await staff.move({ ...move, course: { menuId: cakeCourse.menuId, detail: {} } });
    expect((await flow.reservation(id)).status === 'confirmed' && (await flow.reservation(id))).toMatchObject({ request: { time: '13:00', seatIds: ['T3'] } });

    const status = { reservationId: id, status: 'guest' as const, actor: 'monitor-1', correlationId: c };
    await refusedWith(staff.setStatus({ ...status, actorRoles: ['monitor'] }), 'admin_only');
    await staff.setStatus({ ...status, actor: 'admin-1', actorRoles: ['admin'] });
  });

  it('refuses a seat too small for the party', async () => {
    const s = setup();
    const { flow, staff } = s;
    const held = await flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 4, menuIds: [], correlationId: c });
    expect(held.seatIds).toEqual(['T4']);
    const requested = await flow.requestReservation({
      sessionId: 's1',
      date: '2026-12-20',
      time: '12:00',
      people: 4,
      customer: contact,
      accountId: null,
      cart: [{ menuId: cakeCourse.menuId, quantity: 1 }],
      detail: {},
      correlationId: c,
    });
    await flow.confirm(s.lastToken(), c);
    await refusedWith(
      staff.move({ reservationId: requested.reservationId, seatIds: ['T1'], time: '12:00', actor: 'admin-1', correlationId: c }),
      'over_capacity',
    );
  });
});

describe('send-confirmation decides the booking again against the hold (docs/security.md, finding 3)', () => {
  const request = (sessionId: string, over: Partial<Parameters<ReturnType<typeof setup>['flow']['requestReservation']>[0]> = {}) => ({
    sessionId,
    date: '2026-12-20',
    time: '12:00',
    people: 2,
    customer: contact,
    accountId: null,
    cart: [{ menuId: cakeCourse.menuId, quantity: 1 }],
    detail: {},
    correlationId: c,
    ...over,
  });

  it('never books a party of six on the seat a party of one held: it takes seats that seat six, or hears the time is full', async () => {
    const s = setup();
    const held = await s.flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 1, menuIds: [cakeCourse.menuId], correlationId: c });
    expect(held.seatIds).toEqual(['T1']);
    const made = await s.flow.requestReservation(request('s1', { people: 6 }));
    const state = await s.flow.reservation(made.reservationId);
    expect(state.status === 'awaiting_confirmation' && state.request.seatIds).toEqual(['T4']);
    const ledger = await s.flow.ledger(STORE, '2026-12-20');
    const hold = Object.values(ledger.holds).find((h) => h.reservationId === made.reservationId)!;
    expect(hold.people).toBe(6);
    // The one-person hold was given back, not kept beside the new one.
    expect(Object.values(ledger.holds).filter((h) => h.sessionId === 's1')).toHaveLength(1);

    // With the six-seat table taken, a second party of six gets the three joined tables, and a third hears the time is full.
    await s.flow.allocateSeat({ sessionId: 's2', date: '2026-12-20', time: '12:00', people: 1, menuIds: [cakeCourse.menuId], correlationId: c });
    const second = await s.flow.requestReservation(request('s2', { people: 6 }));
    const secondState = await s.flow.reservation(second.reservationId);
    expect(secondState.status === 'awaiting_confirmation' && secondState.request.seatIds).toEqual(['T1', 'T2', 'T3']);
    await refusedWith(s.flow.requestReservation(request('s3', { people: 6 })), 'seats_full');
  });

  it('checks the cart’s deadline even when the hold was made with no course', async () => {
    const s = setup();
    // 2026-12-11 is the day after START: the cake course closes two days before at 18:00.
    await s.flow.allocateSeat({ sessionId: 's1', date: '2026-12-11', time: '12:00', people: 2, menuIds: [], correlationId: c });
    await refusedWith(s.flow.requestReservation(request('s1', { date: '2026-12-11' })), 'date_refused');
    const ledger = await s.flow.ledger(STORE, '2026-12-11');
    expect(Object.values(ledger.holds).every((h) => h.reservationId === null)).toBe(true);
  });

  it('refuses text the store cannot keep before its first write (finding 9)', async () => {
    const s = setup();
    await s.flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, menuIds: [cakeCourse.menuId], correlationId: c });
    const before = (await s.eventStore.readAll()).length;
    await refusedWith(s.flow.requestReservation(request('s1', { customer: { ...contact, name: 'evil\u0000' } })), 'invalid_text');
    await refusedWith(s.flow.requestReservation(request('s1', { detail: { x: '\uD800' } })), 'invalid_text');
    expect((await s.eventStore.readAll()).length).toBe(before);
  });

  it('counts the edge’s limits only once the whole request is valid (finding 5)', async () => {
    const s = setup();
    let admitted = 0;
    const admit = async () => void (admitted += 1);
    await refusedWith(s.flow.requestReservation(request('s1', { cart: [{ menuId: 'no-such-course', quantity: 1 }], admit })), 'unknown_course');
    await refusedWith(s.flow.requestReservation(request('s1', { date: '2026-12-11', admit })), 'date_refused');
    expect(admitted).toBe(0);
    await s.flow.requestReservation(request('s1', { admit }));
    expect(admitted).toBe(1);
  });
});

describe('a closed store (decision 320)', () => {
  const closed = () => reservationTestSystem({ catalog: fixedCatalog({ closedStores: [STORE] }) });

  it('refuses the guest a seat and records nothing', async () => {
    const s = closed();
    await refusedWith(
      s.booking.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, menuIds: [cakeCourse.menuId], correlationId: c }),
      'store_closed',
    );
    expect(await s.eventStore.readStream(ledgerStream(STORE, '2026-12-20'))).toEqual([]);
  });

  it('refuses a phone booking by staff and records nothing', async () => {
    const s = closed();
    const staffBooking = staffBookingService(s.ports);
    const phone = { storeId: STORE, date: '2026-12-20', time: '12:00', people: 2, menuId: null, name: '山田花子', phone: '090-1234-5678', remarks: '' };
    await refusedWith(staffBooking.takeBooking({ ...phone, actor: 'staff-1', correlationId: c }), 'store_closed');
    expect(await s.eventStore.readStream(ledgerStream(STORE, '2026-12-20'))).toEqual([]);
  });

  it('books the same day at an open store (the refusal is the store, not the day)', async () => {
    const s = reservationTestSystem();
    const staffBooking = staffBookingService(s.ports);
    const phone = { storeId: STORE, date: '2026-12-20', time: '12:00', people: 2, menuId: null, name: '山田花子', phone: '090-1234-5678', remarks: '' };
    await staffBooking.takeBooking({ ...phone, actor: 'staff-1', correlationId: c });
    expect((await s.eventStore.readStream(ledgerStream(STORE, '2026-12-20'))).length).toBeGreaterThan(0);
  });
});

describe('the store the guest chose (decision 406)', () => {
  const OTHER = 'store-2';
  const twoStores = () =>
    reservationTestSystem({
      catalog: fixedCatalog({ closedStores: ['store-closed'], courses: [cakeCourseOffer, { ...cakeCourseOffer, menuId: 'm-other', storeId: OTHER }] }),
    });
  const choice = { sessionId: 's1', date: '2026-12-20', time: '12:00', people: 2, menuIds: [cakeCourse.menuId], correlationId: c };

  it('holds the seats at the chosen store, not the first one', async () => {
    const s = twoStores();
    await s.booking.allocateSeat({ ...choice, storeId: OTHER });
    expect((await s.eventStore.readStream(ledgerStream(OTHER, '2026-12-20'))).length).toBeGreaterThan(0);
    expect(await s.eventStore.readStream(ledgerStream(STORE, '2026-12-20'))).toEqual([]);
  });

  it('holds at the first open store when none is chosen', async () => {
    const s = twoStores();
    await s.booking.allocateSeat(choice);
    expect((await s.eventStore.readStream(ledgerStream(STORE, '2026-12-20'))).length).toBeGreaterThan(0);
  });

  it('refuses a store that is not open (a claim) and records nothing', async () => {
    const s = twoStores();
    await refusedWith(s.booking.allocateSeat({ ...choice, storeId: 'store-closed' }), 'unknown_store');
    await refusedWith(s.booking.availableDates({ people: 2, menuIds: [], storeId: 'store-closed' }), 'unknown_store');
    expect(await s.eventStore.readStream(ledgerStream('store-closed', '2026-12-20'))).toEqual([]);
  });

  it('books at the chosen store, and only that store’s courses', async () => {
    const s = twoStores();
    const request = { ...choice, customer: contact, accountId: null, detail: {}, storeId: OTHER };
    await refusedWith(s.booking.requestReservation({ ...request, cart: [{ menuId: cakeCourse.menuId, quantity: 1 }] }), 'unknown_course');
    const made = await s.booking.requestReservation({ ...request, cart: [{ menuId: 'm-other', quantity: 1 }] });
    const state = foldStream(reservationDecider, await s.eventStore.readStream(toStreamName(made.reservationId)));
    expect(state.status !== 'empty' && state.request.storeId).toBe(OTHER);
    expect((await s.eventStore.readStream(ledgerStream(OTHER, '2026-12-20'))).length).toBeGreaterThan(0);
  });
});

describe('the guest’s calendar', () => {
  it('reads the ledgers of every open day in one read of the store, each from where this process left it (decision 479)', async () => {
    const s = setup();
    await s.flow.allocateSeat({ sessionId: 's1', date: '2026-12-20', time: '12:00', people: 6, menuIds: [cakeCourse.menuId], correlationId: c });
    const day = ledgerStream(STORE, '2026-12-20');
    // The hold was decided in this process: its ledger is known up to its last event.
    const held = (await s.eventStore.readStream(day)).length;
    const perStream = vi.spyOn(s.eventStore, 'readStream');
    const together = vi.spyOn(s.eventStore, 'readStreams');
    const first = await s.booking.availableDates({ people: 2, menuIds: [] });
    expect(first.dates).toContain('2026-12-20');
    expect(perStream.mock.calls.filter(([id]) => id.startsWith('seating'))).toEqual([]);
    expect(together).toHaveBeenCalledTimes(1);
    const asked = new Map(together.mock.calls[0]![0].map((f) => [f.streamId, f.fromRevision]));
    expect(asked.size).toBeGreaterThanOrEqual(first.dates.length);
    expect(held).toBeGreaterThan(0);
    expect(asked.get(day)).toBe(held);
    // A day nobody booked is read from its start.
    expect(
      asked.get(
        ledgerStream(
          STORE,
          first.dates.find((d) => d !== '2026-12-20')!,
        ),
      ),
    ).toBe(0);

    // Another hold on that day: the next calendar reads only the ledger's new events.
    await s.flow.allocateSeat({ sessionId: 's2', date: '2026-12-20', time: '14:00', people: 2, menuIds: [cakeCourse.menuId], correlationId: c });
    const after = (await s.eventStore.readStream(day)).length;
    expect(after).toBeGreaterThan(held);
    await s.booking.availableDates({ people: 2, menuIds: [] });
    expect(together).toHaveBeenCalledTimes(2);
    expect(together.mock.calls[1]![0].find((f) => f.streamId === day)?.fromRevision).toBe(after);
  });
});
