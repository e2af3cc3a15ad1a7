import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { overlaps, type SeatSpec } from './allocation';
import type { SeatingEvent } from './events';
import { rememberedSessions, seatingLedger, type SeatingCommand, type SeatingState } from './decider';

const spec = deciderSpecification(seatingLedger);

// T1(2) - T2(2) - T3(4) stand in a row and can be joined; the counter seat C1(1) stands alone.
const seats: SeatSpec[] = [
  { id: 'T1', name: 'テーブル1', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'T2', name: 'テーブル2', maxPeople: 2, holdMinutes: 90, adjacentSeatIds: [] },
  { id: 'T3', name: 'テーブル3', maxPeople: 4, holdMinutes: 90, adjacentSeatIds: ['T2'] },
  { id: 'C1', name: 'カウンター1', maxPeople: 1, holdMinutes: 60, adjacentSeatIds: [] },
];
const NOW = '2026-12-01T01:00:00.000Z';
const LATER = '2026-12-01T01:04:59.000Z';
const AFTER_EXPIRY = '2026-12-01T01:05:00.000Z';
const EXPIRES = '2026-12-01T01:05:00.000Z';
/** Five minutes after AFTER_EXPIRY: the end of a session that starts then. */
const LATER_SESSION_END = '2026-12-01T01:10:00.000Z';
const noon = 12 * 60;

const hold = (over: Partial<Extract<SeatingCommand, { type: 'HoldSeats' }>> = {}): SeatingCommand => ({
  type: 'HoldSeats',
  holdId: 'h1',
  sessionId: 's1',
  people: 2,
  startMinute: noon,
  courseMinutes: null,
  latestEndMinute: null,
  seats,
  now: NOW,
  expiresAt: EXPIRES,
  ...over,
});
const held = (
  holdId: string,
  sessionId: string,
  seatIds: string[],
  start = noon,
  end = noon + 90,
  people = 2,
  over: { heldAt?: string; expiresAt?: string; client?: string | null; visited?: boolean } = {},
): SeatingEvent => ({
  type: 'SeatsHeld',
  data: { holdId, sessionId, seatIds, people, startMinute: start, endMinute: end, expiresAt: EXPIRES, heldAt: NOW, client: null, visited: false, ...over },
});
const booked = (reservationId: string, seatIds: string[], start = noon, end = noon + 90, people = 2, holdId: string | null = null): SeatingEvent => ({
  type: 'SeatsBooked',
  data: { reservationId, holdId, seatIds, people, startMinute: start, endMinute: end },
});
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

describe('seating ledger', () => {
  describe('when the day is empty', () => {
    it('holds the smallest single seat that fits the party', () => {
      spec
        .given([])
        .when(hold({ people: 1 }))
        .then([held('h1', 's1', ['C1'], noon, noon + 60, 1)]);
      spec
        .given([])
        .when(hold({ people: 2 }))
        .then([held('h1', 's1', ['T1'])]);
      spec
        .given([])
        .when(hold({ people: 3 }))
        .then([held('h1', 's1', ['T3'], noon, noon + 90, 3)]);
    });

    it('uses the longest course duration instead of the seat hold time when the cart sets one', () => {
      spec
        .given([])
        .when(hold({ courseMinutes: 120 }))
        .then([held('h1', 's1', ['T1'], noon, noon + 120)]);
    });

    it('joins the fewest adjacent seats when no single seat fits', () => {
      spec
        .given([])
        .when(hold({ people: 6 }))
        .then([held('h1', 's1', ['T2', 'T3'], noon, noon + 90, 6)]);
      spec
        .given([])
        .when(hold({ people: 8 }))
        .then([held('h1', 's1', ['T1', 'T2', 'T3'], noon, noon + 90, 8)]);
    });

    it('never joins seats that are not adjacent', () => {
      // With T2 taken, T1 and T3 together would seat 6, but they do not touch.
      spec
        .given([booked('r1', ['T2'])])
        .when(hold({ people: 5 }))
        .thenThrows(code('seats_full'));
    });

    it('refuses a party no seat combination can take', () => {
      spec
        .given([])
        .when(hold({ people: 10 }))
        .thenThrows(code('seats_full'));
    });

    it('refuses a stay that would run past closing', () => {
      spec
        .given([])
        .when(hold({ latestEndMinute: noon + 89 }))
        .thenThrows(code('seats_full'));
    });
  });

  describe('when seats are taken', () => {
    it('skips a seat held by another session while the hold lasts', () => {
      spec
        .given([held('h0', 's0', ['T1'])])
        .when(hold({ now: LATER }))
        .then([held('h1', 's1', ['T2'], noon, noon + 90, 2, { heldAt: LATER })]);
    });

    it('counts an expired hold as free', () => {
      spec
        .given([held('h0', 's0', ['T1'])])
        .when(hold({ now: AFTER_EXPIRY, expiresAt: LATER_SESSION_END }))
        .then([held('h1', 's1', ['T1'], noon, noon + 90, 2, { heldAt: AFTER_EXPIRY, expiresAt: LATER_SESSION_END })]);
    });

    it('never puts a short booking inside a longer one on the same seat', () => {
      const full: SeatingEvent[] = [booked('r1', ['T1'], 11 * 60, 15 * 60), booked('r2', ['T2'], 11 * 60, 15 * 60), booked('r3', ['T3'], 11 * 60, 15 * 60)];
      spec
        .given(full)
        .when(hold({ courseMinutes: 30 }))
        .thenThrows(code('seats_full'));
    });

    it('lets a booking start exactly when the previous one ends', () => {
      spec
        .given([booked('r1', ['T1'], noon - 90, noon)])
        .when(hold())
        .then([held('h1', 's1', ['T1'])]);
    });

    it("gives back the session's earlier hold when it picks another time", () => {
      spec
        .given([held('h0', 's1', ['T1'])])
        .when(hold({ startMinute: noon + 30 }))
        .then([{ type: 'HoldReleased', data: { holdId: 'h0', reason: 'replaced' } }, held('h1', 's1', ['T1'], noon + 30, noon + 120)]);
    });
  });

  describe('when a hold exists', () => {
    it("turns the live hold into the reservation's seats", () => {
      spec
        .given([held('h1', 's1', ['T1'])])
        .when({ type: 'BookHeldSeats', holdId: 'h1', reservationId: 'r1', now: LATER })
        .then([booked('r1', ['T1'], noon, noon + 90, 2, 'h1')]);
    });

    it('refuses to book an expired hold', () => {
      spec
        .given([held('h1', 's1', ['T1'])])
        .when({ type: 'BookHeldSeats', holdId: 'h1', reservationId: 'r1', now: AFTER_EXPIRY })
        .thenThrows(code('hold_expired'));
    });

    it('keeps a hold for a reservation awaiting its confirmation mail', () => {
      const until = '2026-12-01T01:09:00.000Z';
      spec
        .given([held('h1', 's1', ['T1'])])
        .when({ type: 'ExtendHold', holdId: 'h1', reservationId: 'r1', expiresAt: until, now: LATER })
        .then([{ type: 'HoldExtended', data: { holdId: 'h1', reservationId: 'r1', expiresAt: until } }]);
      spec
        .given([held('h1', 's1', ['T1'])])
        .when({ type: 'ExtendHold', holdId: 'h1', reservationId: 'r1', expiresAt: until, now: AFTER_EXPIRY })
        .thenThrows(code('hold_expired'));
    });

    it('releases the hold when the cart empties', () => {
      spec
        .given([held('h1', 's1', ['T1'])])
        .when({ type: 'ReleaseHold', holdId: 'h1', reason: 'cart_emptied' })
        .then([{ type: 'HoldReleased', data: { holdId: 'h1', reason: 'cart_emptied' } }]);
      spec.given([]).when({ type: 'ReleaseHold', holdId: 'h1', reason: 'cart_emptied' }).thenNothingHappens();
    });
  });

  describe('when a reservation has seats', () => {
    it('books again idempotently (a retried confirmation appends nothing)', () => {
      spec
        .given([booked('r1', ['T1'], noon, noon + 90, 2, 'h1')])
        .when({ type: 'BookHeldSeats', holdId: 'h1', reservationId: 'r1', now: LATER })
        .thenNothingHappens();
    });

    it('releases the seats at once on cancellation, and the time is free again', () => {
      spec
        .given([booked('r1', ['T1'])])
        .when({ type: 'ReleaseSeats', reservationId: 'r1', reason: 'cancelled_by_customer' })
        .then([{ type: 'SeatsReleased', data: { reservationId: 'r1', reason: 'cancelled_by_customer' } }]);
      spec
        .given([booked('r1', ['T1']), { type: 'SeatsReleased', data: { reservationId: 'r1', reason: 'cancelled_by_customer' } }])
        .when(hold())
        .then([held('h1', 's1', ['T1'])]);
    });

    it('moves to a free seat, refusing an overlap or a seat too small', () => {
      const move = (seatIds: string[], start = noon): SeatingCommand => ({
        type: 'MoveSeats',
        reservationId: 'r1',
        seatIds,
        startMinute: start,
        endMinute: start + 90,
        seats,
        now: NOW,
      });
      const given = [booked('r1', ['T1']), booked('r2', ['T2'], noon + 60, noon + 150)];
      spec
        .given(given)
        .when(move(['T3']))
        .then([{ type: 'SeatsMoved', data: { reservationId: 'r1', seatIds: ['T3'], startMinute: noon, endMinute: noon + 90 } }]);
      spec
        .given(given)
        .when(move(['T2']))
        .thenThrows(code('overlap'));
      spec
        .given(given)
        .when(move(['C1']))
        .thenThrows(code('over_capacity'));
      spec
        .given(given)
        .when(move(['T1'], noon + 30))
        .then([{ type: 'SeatsMoved', data: { reservationId: 'r1', seatIds: ['T1'], startMinute: noon + 30, endMinute: noon + 120 } }]);
    });

    it('moves with a new party size the seats must hold, and refuses a move decided on a stale view (decision 110)', () => {
      const given = [booked('r1', ['T1'])];
      const move = (over: Partial<Extract<SeatingCommand, { type: 'MoveSeats' }>>): SeatingCommand => ({
        type: 'MoveSeats',
        reservationId: 'r1',
        seatIds: ['T1'],
        startMinute: noon,
        endMinute: noon + 90,
        seats,
        now: NOW,
        ...over,
      });
      spec
        .given(given)
        .when(move({ seatIds: ['T3'], people: 4 }))
        .then([{ type: 'SeatsMoved', data: { reservationId: 'r1', seatIds: ['T3'], startMinute: noon, endMinute: noon + 90, people: 4 } }]);
      spec
        .given(given)
        .when(move({ people: 99 }))
        .thenThrows(code('over_capacity'));
      spec
        .given(given)
        .when(move({ seatIds: ['T3'], expected: { seatIds: ['T2'], startMinute: noon } }))
        .thenThrows(code('changed_elsewhere'));
      spec
        .given(given)
        .when(move({ seatIds: ['T3'], expected: { seatIds: ['T1'], startMinute: noon } }))
        .then([{ type: 'SeatsMoved', data: { reservationId: 'r1', seatIds: ['T3'], startMinute: noon, endMinute: noon + 90 } }]);
    });
  });
});

describe('seating ledger at the table (decision 038)', () => {
  const walkIn = (over: Partial<Extract<SeatingCommand, { type: 'BookSeatsAt' }>> = {}): SeatingCommand => ({
    type: 'BookSeatsAt',
    reservationId: 'walk',
    seatIds: ['T3'],
    people: 3,
    startMinute: noon,
    endMinute: noon + 90,
    seats,
    now: NOW,
    ...over,
  });
  it('books the seat a QR walk-in checked in at, from now for its hold time', () => {
    spec
      .given([])
      .when(walkIn())
      .then([booked('walk', ['T3'], noon, noon + 90, 3)]);
  });
  it('refuses the seat when a booking or a live hold covers any part of the stay, or it is too small', () => {
    spec
      .given([booked('r1', ['T3'], noon + 60, noon + 150)])
      .when(walkIn())
      .thenThrows((e: Error) => e instanceof DomainError && e.code === 'overlap');
    spec
      .given([held('h1', 's1', ['T3'], noon - 30, noon + 10)])
      .when(walkIn())
      .thenThrows((e: Error) => e instanceof DomainError && e.code === 'overlap');
    spec
      .given([])
      .when(walkIn({ seatIds: ['C1'] }))
      .thenThrows((e: Error) => e instanceof DomainError && e.code === 'over_capacity');
  });
  it('ends a booking at checkout so the rest of the stay is free again, and twice is harmless', () => {
    spec
      .given([booked('r1', ['T1'])])
      .when({ type: 'EndBooking', reservationId: 'r1', endMinute: noon + 40 })
      .then([{ type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon + 40 } }]);
    spec
      .given([booked('r1', ['T1']), { type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon + 40 } }])
      .when({ type: 'EndBooking', reservationId: 'r1', endMinute: noon + 45 })
      .thenNothingHappens();
    spec
      .given([booked('r1', ['T1']), { type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon + 40 } }])
      .when(walkIn({ reservationId: 'next', seatIds: ['T1'], people: 2, startMinute: noon + 40, endMinute: noon + 130 }))
      .then([booked('next', ['T1'], noon + 40, noon + 130, 2)]);
  });
  describe('when a booking ends before its start (decision 157)', () => {
    it('ends it at its start, and the seat is free at once: a walk-in may sit there right now', () => {
      spec
        .given([booked('r1', ['T1'])])
        .when({ type: 'EndBooking', reservationId: 'r1', endMinute: noon - 10 })
        .then([{ type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon } }]);
      spec
        .given([booked('r1', ['T1']), { type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon } }])
        .when(walkIn({ reservationId: 'next', seatIds: ['T1'], people: 2, startMinute: noon - 9, endMinute: noon + 81 }))
        .then([booked('next', ['T1'], noon - 9, noon + 81, 2)]);
      spec
        .given([booked('r1', ['T1']), { type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon } }])
        .when({ type: 'EndBooking', reservationId: 'r1', endMinute: noon - 5 })
        .thenNothingHappens();
    });
    it('keeps no booking in the state, so check-in’s early-arrival window finds nothing at the seat', () => {
      const events: SeatingEvent[] = [booked('r1', ['T1']), { type: 'BookingEnded', data: { reservationId: 'r1', endMinute: noon } }];
      const state = events.reduce((s, e) => seatingLedger.evolve(s, e), seatingLedger.initialState());
      expect(state.bookings).toEqual({});
    });
  });
});

describe('seating ledger property', () => {
  type Op =
    | { kind: 'book'; people: number; slot: number; course: number | null }
    | { kind: 'hold'; people: number; slot: number; minute: number }
    | { kind: 'cancel'; pick: number }
    | { kind: 'move'; pick: number; seat: number; slot: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('book' as const),
      people: fc.integer({ min: 1, max: 8 }),
      slot: fc.integer({ min: 0, max: 20 }),
      course: fc.option(fc.constantFrom(30, 60, 120, 180)),
    }),
    fc.record({
      kind: fc.constant('hold' as const),
      people: fc.integer({ min: 1, max: 6 }),
      slot: fc.integer({ min: 0, max: 20 }),
      minute: fc.integer({ min: 0, max: 20 }),
    }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), seat: fc.nat({ max: seats.length - 1 }), slot: fc.integer({ min: 0, max: 20 }) }),
  );

  it('never leaves two overlapping stays on one seat, whatever bookings, holds, moves and cancels happen', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let state: SeatingState = seatingLedger.initialState();
        let n = 0;
        let clock = Date.parse(NOW);
        for (const o of ops) {
          clock += 60_000;
          const now = new Date(clock).toISOString();
          const ids = Object.keys(state.bookings);
          let command: SeatingCommand;
          if (o.kind === 'book')
            command = {
              type: 'BookSeats',
              reservationId: `r${n++}`,
              people: o.people,
              startMinute: 600 + o.slot * 30,
              courseMinutes: o.course,
              latestEndMinute: null,
              seats,
              now,
            };
          else if (o.kind === 'hold')
            command = {
              ...hold({ holdId: `h${n++}`, sessionId: `s${n}`, people: o.people, startMinute: 600 + o.slot * 30, now }),
              expiresAt: new Date(clock + o.minute * 60_000).toISOString(),
            } as SeatingCommand;
          else if (ids.length === 0) continue;
          else if (o.kind === 'cancel') command = { type: 'ReleaseSeats', reservationId: ids[o.pick % ids.length]!, reason: 'cancelled_by_staff' };
          else
            command = {
              type: 'MoveSeats',
              reservationId: ids[o.pick % ids.length]!,
              seatIds: [seats[o.seat]!.id],
              startMinute: 600 + o.slot * 30,
              endMinute: 690 + o.slot * 30,
              seats,
              now,
            };
          try {
            state = seatingLedger.decide(command, state).reduce(seatingLedger.evolve, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          // Every pair of stays that counts now must be apart on every seat they share.
          const stays = [...Object.values(state.bookings), ...Object.values(state.holds).filter((h) => Date.parse(h.expiresAt) > clock)];
          for (let i = 0; i < stays.length; i++)
            for (let j = i + 1; j < stays.length; j++) {
              const a = stays[i]!;
              const b = stays[j]!;
              if (a.seatIds.some((s) => b.seatIds.includes(s))) expect(overlaps(a, b), JSON.stringify({ a, b })).toBe(false);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('seating ledger limits on holds (decision 050)', () => {
  const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
  const manySeats: SeatSpec[] = Array.from({ length: 40 }, (_, i) => ({ id: `S${i}`, name: `S${i}`, maxPeople: 1, holdMinutes: 60, adjacentSeatIds: [] }));

  it('ends every hold of a session with its 5 minutes, however often it chooses again, then refuses', () => {
    // First hold at NOW; choosing again 4 minutes later ends with the session, not 5 minutes after.
    spec
      .given([held('h0', 's1', ['T1'])])
      .when(hold({ holdId: 'h1', now: at(4), expiresAt: at(9), startMinute: noon + 60 }))
      .then([
        { type: 'HoldReleased', data: { holdId: 'h0', reason: 'replaced' } },
        held('h1', 's1', ['T1'], noon + 60, noon + 150, 2, { heldAt: at(4), expiresAt: EXPIRES }),
      ]);
    spec
      .given([held('h0', 's1', ['T1'])])
      .when(hold({ holdId: 'h1', now: at(5), expiresAt: at(10) }))
      .thenThrows(code('session_over'));
  });

  it('lets a visit of the day screen start the 5 minutes again', () => {
    spec
      .given([held('h0', 's1', ['T1'])])
      .when(hold({ holdId: 'h1', now: at(6), expiresAt: at(11), visitStartedAt: at(6) }))
      .then([
        { type: 'HoldReleased', data: { holdId: 'h0', reason: 'replaced' } },
        held('h1', 's1', ['T1'], noon, noon + 90, 2, { heldAt: at(6), expiresAt: at(11), visited: true }),
      ]);
  });

  it('refuses a session that chose a time twenty times on the day', () => {
    const history: SeatingEvent[] = Array.from({ length: 20 }, (_, i) => held(`h${i}`, 's1', ['T1'], noon, noon + 90, 2, { expiresAt: at(0.1 * (i + 1)) }));
    spec
      .given(history)
      .when(hold({ holdId: 'h20', now: at(3) }))
      .thenThrows(code('session_hold_limit'));
  });

  it("forgets a session a day after its first hold: it may choose again, and the day's state drops it", () => {
    const day = 24 * 60;
    const history: SeatingEvent[] = Array.from({ length: 20 }, (_, i) => held(`h${i}`, 's1', ['T1'], noon, noon + 90, 2, { expiresAt: at(0.1 * (i + 1)) }));
    // Another session holds later the same day, before the day has passed: s1 is still remembered.
    const later = held('o1', 's2', ['T2'], noon, noon + 90, 2, { heldAt: at(day - 60), expiresAt: at(day - 55) });
    expect(rememberedSessions([...history, later].reduce(seatingLedger.evolve, seatingLedger.initialState()).sessions).s1?.holds).toBe(20);
    spec
      .given([...history, later])
      .when(hold({ holdId: 'h20', now: at(day + 1), expiresAt: at(day + 6), visitStartedAt: at(day + 1) }))
      .then([held('h20', 's1', ['T1'], noon, noon + 90, 2, { heldAt: at(day + 1), expiresAt: at(day + 6), visited: true })]);
    const next = held('h20', 's1', ['T1'], noon, noon + 90, 2, { heldAt: at(day + 1), expiresAt: at(day + 6), visited: true });
    const state = [...history, later, next].reduce(seatingLedger.evolve, seatingLedger.initialState());
    expect(rememberedSessions(state.sessions)).toEqual({ s2: { firstHeldAt: at(day - 60), holds: 1 }, s1: { firstHeldAt: at(day + 1), holds: 1 } });
  });

  it('lets one client address hold one party without a visit, then asks for the visit, and stops it at four parties', () => {
    const party = (i: number, people: number, visited = false) =>
      held(`h${i}`, `s${i}`, [`S${i}`], noon, noon + 60, people, { client: 'c1', visited, expiresAt: at(5) });
    const fromClient = (over: Partial<Extract<SeatingCommand, { type: 'HoldSeats' }>>) =>
      hold({ seats: manySeats, people: 1, client: 'c1', holdId: 'new', sessionId: 'new', now: at(1), expiresAt: at(6), ...over });
    // Five people held by other sessions of the address: one more fits the party's worth, two do not.
    spec
      .given([party(1, 5)])
      .when(fromClient({}))
      .then([held('new', 'new', ['S0'], noon, noon + 60, 1, { client: 'c1', heldAt: at(1), expiresAt: at(6) })]);
    spec
      .given([party(1, 5)])
      .when(fromClient({ people: 2 }))
      .thenThrows(code('visit_required'));
    // Another address is not affected, and a visit lets the guest behind the same address through.
    spec
      .given([party(1, 6)])
      .when(fromClient({ client: 'c2' }))
      .then([held('new', 'new', ['S0'], noon, noon + 60, 1, { client: 'c2', heldAt: at(1), expiresAt: at(6) })]);
    spec
      .given([party(1, 6)])
      .when(fromClient({ visitStartedAt: at(1) }))
      .then([held('new', 'new', ['S0'], noon, noon + 60, 1, { client: 'c1', heldAt: at(1), expiresAt: at(6), visited: true })]);
    const fourParties = [1, 2, 3, 4].map((i) => party(i, 6, true));
    spec
      .given(fourParties)
      .when(fromClient({ visitStartedAt: at(1) }))
      .thenThrows(code('client_hold_limit'));
    // Once those holds expire, the address may hold again.
    spec
      .given(fourParties)
      .when(fromClient({ now: at(5), expiresAt: at(10) }))
      .then([held('new', 'new', ['S0'], noon, noon + 60, 1, { client: 'c1', heldAt: at(5), expiresAt: at(10) })]);
  });

  it('forgets holds that had expired when a later one was made, so the state stays as small as the live holds', () => {
    const expired = Array.from({ length: 50 }, (_, i) => held(`old${i}`, `old${i}`, ['C1'], noon, noon + 60, 1, { expiresAt: at(1) }));
    const state = [...expired, held('h1', 's1', ['T1'], noon, noon + 90, 2, { heldAt: at(2), expiresAt: at(7) })].reduce(
      seatingLedger.evolve,
      seatingLedger.initialState(),
    );
    expect(Object.keys(state.holds)).toEqual(['h1']);
  });
});

// Merged parties (decision 370): T1 and T2 adjoin, C1 stands alone.
const MERGE_NOW = '2026-12-01T03:00:00.000Z';
const merge = (over: { hostId?: string; absorbedId?: string; people?: number } = {}) =>
  ({ type: 'MergeBookings', hostId: 'host', absorbedId: 'other', seats, now: MERGE_NOW, ...over }) as const;
const merged: SeatingEvent = {
  type: 'BookingsMerged',
  data: {
    hostId: 'host',
    absorbedId: 'other',
    host: { seatIds: ['T2', 'T1'], people: 3, startMinute: noon, endMinute: noon + 120 },
    before: {
      host: { seatIds: ['T2'], people: 2, startMinute: noon, endMinute: noon + 90 },
      absorbed: { seatIds: ['T1'], people: 1, startMinute: noon + 30, endMinute: noon + 120 },
    },
  },
};
const twoParties = [booked('host', ['T2'], noon, noon + 90), booked('other', ['T1'], noon + 30, noon + 120, 1)];

describe('seating ledger: merged parties (decision 370)', () => {
  describe('given two parties at adjoining seats', () => {
    it('joins their seats for both stays under the host, keeping both as they were for the undo', () => {
      spec.given(twoParties).when(merge()).then([merged]);
    });
    it('appends nothing for a resent merge', () => {
      spec
        .given([...twoParties, merged])
        .when(merge())
        .thenNothingHappens();
    });
    it('books the joined seats without overlap: a later booking at the other seat within the joined stay is refused', () => {
      spec
        .given([booked('host', ['T2'], noon, noon + 90), booked('other', ['T1'], noon - 30, noon + 30, 1), booked('later', ['T1'], noon + 60, noon + 120, 1)])
        .when(merge())
        .thenThrows(code('overlap'));
    });
    it('refuses a joined party the seats cannot hold (the capacity rule)', () => {
      spec
        .given(twoParties)
        .when(merge({ people: 5 }))
        .thenThrows(code('over_capacity'));
    });
    it('frees the other booking: the host holds both seats', () => {
      // A walk-in at T1 during the joined stay is refused; it was the other party's seat.
      spec
        .given([...twoParties, merged])
        .when({ type: 'BookSeatsAt', reservationId: 'w', seatIds: ['T1'], people: 1, startMinute: noon + 100, endMinute: noon + 110, seats, now: MERGE_NOW })
        .thenThrows(code('overlap'));
    });
  });

  describe('given parties whose seats do not adjoin', () => {
    it('refuses the merge as not adjoining', () => {
      spec
        .given([booked('host', ['T1'], noon, noon + 90), booked('other', ['C1'], noon, noon + 60, 1)])
        .when(merge())
        .thenThrows(code('not_adjoining'));
    });
    it('refuses a party that is not on the day', () => {
      spec
        .given([booked('host', ['T1'], noon, noon + 90)])
        .when(merge())
        .thenThrows(code('booking_not_found'));
    });
  });

  describe('given a merge', () => {
    const split: SeatingEvent = {
      type: 'BookingsSplit',
      data: {
        hostId: 'host',
        absorbedId: 'other',
        host: { seatIds: ['T2'], people: 2, startMinute: noon, endMinute: noon + 90 },
        absorbed: { seatIds: ['T1'], people: 1, startMinute: noon + 30, endMinute: noon + 120 },
      },
    };
    const walkInAtT2: SeatingCommand = {
      type: 'BookSeatsAt',
      reservationId: 'w',
      seatIds: ['T2'],
      people: 1,
      startMinute: noon + 95,
      endMinute: noon + 110,
      seats,
      now: MERGE_NOW,
    };
    it('splits both bookings back as they were', () => {
      spec
        .given([...twoParties, merged])
        .when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' })
        .then([split]);
    });
    it('after the split, the host holds its own seat for its own stay again, and a resent undo appends nothing', () => {
      spec
        .given([...twoParties, merged])
        .when(walkInAtT2)
        .thenThrows(code('overlap'));
      spec
        .given([...twoParties, merged, split])
        .when(walkInAtT2)
        .then([{ type: 'SeatsBooked', data: { reservationId: 'w', holdId: null, seatIds: ['T2'], people: 1, startMinute: noon + 95, endMinute: noon + 110 } }]);
      spec
        .given([...twoParties, merged, split])
        .when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' })
        .thenNothingHappens();
    });
    it('refuses to undo a merge that is not there', () => {
      spec
        .given([booked('host', ['T2'], noon, noon + 90)])
        .when({ type: 'SplitBookings', hostId: 'host', absorbedId: 'other' })
        .thenThrows(code('not_merged'));
    });
  });
});
