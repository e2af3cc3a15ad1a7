import { tokyoDateTime } from '../calendar/dates';
import { foldStream, retryOnConflict, type CommandContext, type CommandHandler } from '../command-handler';
import { DomainError } from '../decider';
import { toStreamName as orderStream, type OrderEvent, type OrderLine } from '../order/events';
import type { OrderCommand, OrderState } from '../order/decider';
import type { TaxRule } from '../order/tax';
import type { RateTotal, ReceiptLine } from '../billing/events';
import { bookedCourses, courseBillLines, type BookedCourse } from '../billing/course-lines';
import { billSplitDecider } from '../billing/bill-split';
import { applicableDiscounts, type AppliedBillDiscount, type GivenDiscount } from '../billing/discounts';
import { billStream } from '../billing/events';
import { billTotals, ratesOn, type StoreRates } from '../billing/tax-math';
import { toStreamName as reservationStream, type PaymentMethod, type ReservationEvent } from '../reservation/events';
import type { ReservationCommand, ReservationState } from '../reservation/decider';
import { toStreamName as ledgerStream, type SeatingEvent } from '../seating/events';
import type { SeatingCommand, SeatingState } from '../seating/decider';
import { END_OF_DAY } from './seat-now';
import type { TableErrorCode, TablePorts } from './ports';
import type { TableAuth, authorizeVisit } from './visit-access';

/**
 * The bill and checkout at the table (spec §2 "Monitor checkout", customer /checkout): the
 * reservation's orders priced by the store's tax rule, and the payment that ends the visit. Part of
 * the table service (`tableService` answers these calls), with its stream handlers.
 */

/** A bill: the reservation's orders as recorded in their own streams, priced by the store's tax rule. */
export interface Bill {
  reservationId: string;
  /** The reservations whose orders are on this bill: this one and the parties merged into it (decision 370). */
  parties: string[];
  storeId: string;
  seatLabel: string;
  orders: { orderId: string; placedAt: string; status: 'ready' | 'complete'; lines: OrderLine[] }[];
  /** The booked courses of this party and the parties merged into it, billed from check-in (decision 630); their lines come first. */
  courses: BookedCourse[];
  /** Every order line in turn as the guest was shown it: its unit price tax included (decision 500). */
  lines: ReceiptLine[];
  /** The sum of the shown prices, before the discounts. */
  subtotal: number;
  /** The discounts given on this bill (decision 642) as it carries them now, in the order given, and their yen together. */
  discounts: AppliedBillDiscount[];
  discount: number;
  /** Discounts given that no longer fit the bill (their order voided, or more than it now comes to): not applied. */
  lapsedDiscounts: GivenDiscount[];
  /** Order id → the indexes of its lines in `lines` (an order's discount is on these). */
  orderLines: Record<string, number[]>;
  /** The tax contained in the total, each rate's rounded once. */
  tax: number;
  /** subtotal − discount: what the guest pays. */
  total: number;
  taxRule: TaxRule;
  /** Per rate (decision 240): eat-in and takeout lines at their rates, each rate's tax rounded once. */
  totalsByRate: RateTotal[];
  /** The rates in force today, by which the lines are taxed. */
  rates: StoreRates;
  exitedAt: string | null;
}

interface CheckoutHandlers {
  seating: CommandHandler<SeatingState, SeatingCommand, SeatingEvent>;
  reservations: CommandHandler<ReservationState, ReservationCommand, ReservationEvent>;
  orders: CommandHandler<OrderState, OrderCommand, OrderEvent>;
  authorize: (reservationId: string, auth: TableAuth) => ReturnType<typeof authorizeVisit>;
}

/** What the bill's booked courses came to as booked and as billed (decision 633), by the same lines and tax function; null without a course. */
function reconciled(bill: Pick<Bill, 'courses' | 'rates'>): { booked: number; billed: number } | null {
  if (bill.courses.length === 0) return null;
  const amount = (courses: readonly BookedCourse[]) =>
    billTotals(
      courseBillLines(courses).map(({ menuId: _m, kind: _k, ...line }) => line),
      bill.rates,
    ).subtotal;
  return { booked: amount(bill.courses.map((c) => ({ ...c, quantity: c.booked }))), billed: amount(bill.courses) };
}

const refuse = (code: TableErrorCode) => new DomainError<TableErrorCode>(code, code, {});

export function checkoutCalls(ports: TablePorts, { seating, reservations, orders, authorize }: CheckoutHandlers) {
  const { catalog } = ports;
  const attempts = (what: string) => ({ maxAttempts: reservations.maxAttempts, what });

  /** The courses the party and the parties merged into it booked, as they stand on the bill. */
  async function coursesOf(states: readonly { id: string; state: ReservationState }[]): Promise<BookedCourse[]> {
    const sources = states.flatMap(({ id, state: s }) =>
      s.status === 'empty' || s.request.lines.length === 0 ? [] : [{ reservationId: id, request: s.request, courseCounts: s.visit.courseCounts }],
    );
    if (sources.length === 0) return [];
    const menuIds = [...new Set(sources.flatMap((s) => s.request.lines.map((l) => l.menuId)))];
    const [options, items] = await Promise.all([catalog.courseOptions(menuIds), catalog.menuItems(menuIds)]);
    const categories = new Map(items.map((i) => [i.menuId, i.taxCategory ?? ('reduced' as const)]));
    return sources.flatMap((s) => bookedCourses(s, options, categories));
  }

  async function billOf(state: ReservationState, reservationId: string): Promise<Bill> {
    if (state.status === 'empty') throw new DomainError('not_found');
    const { request } = state;
    // A merged party's orders are on the host's bill (decision 370).
    const parties = [reservationId, ...state.visit.merged.map((m) => m.reservationId)];
    const states = await Promise.all(
      parties.map(async (id) => ({ id, state: id === reservationId ? state : (await reservations.load(reservationStream(id))).state })),
    );
    // The orders read model, and the orders each party's stream admitted: an order a guest just
    // placed is on the bill even while no worker has projected it yet (decision 602).
    const admitted = states.flatMap(({ state: s }) => (s.status === 'empty' ? [] : s.visit.admissions.map((a) => a.orderId)));
    const ids = [...new Set([...(await Promise.all(parties.map((id) => catalog.orderIdsOf(id)))).flat(), ...admitted])];
    const loaded = await Promise.all(ids.map(async (id) => ({ id, state: (await orders.load(orderStream(id))).state })));
    const placed = loaded.flatMap(({ id, state: o }) =>
      // A voided order (decision 283) keeps no lines: it is on no bill.
      o.status === 'empty' || !parties.includes(o.order.reservationId) || o.order.lines.length === 0
        ? []
        : [{ orderId: id, placedAt: o.order.placedAt, status: o.status, lines: o.order.lines }],
    );
    placed.sort((a, b) => a.placedAt.localeCompare(b.placedAt));
    const taxRule = await catalog.taxRule(request.storeId);
    const rates = ratesOn(taxRule, tokyoDateTime(ports.clock.now()).date);
    const courses = await coursesOf(states);
    const lines = [
      ...courseBillLines(courses).map(({ menuId: _m, kind: _k, ...line }) => line),
      ...placed
        .flatMap((o) => o.lines)
        .map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.price, taxCategory: l.taxCategory, takeout: l.takeout })),
    ];
    const courseLineCount = lines.length - placed.reduce((n, o) => n + o.lines.length, 0);
    const orderLines: Record<string, number[]> = {};
    let next = courseLineCount;
    for (const o of placed) orderLines[o.orderId] = o.lines.map(() => next++);
    // The discounts staff gave (decision 642) are on the bill's own stream; the host's for a merged party.
    const given = foldStream(billSplitDecider, await ports.eventStore.readStream(billStream(reservationId))).discounts;
    const gross = billTotals(lines, rates);
    const { applied, lapsed } = applicableDiscounts(given, { lines: gross.lines, orderLines, rounding: rates.rounding });
    const {
      subtotal,
      tax,
      total,
      totalsByRate,
      lines: priced,
      discount,
    } = billTotals(
      lines,
      rates,
      applied.map((a) => a.target),
    );
    const totals = { lines: priced, subtotal, tax, total, totalsByRate, rates, discounts: applied, discount, lapsedDiscounts: lapsed, orderLines };
    const seatNames = await Promise.all(request.seatIds.map(async (id) => (await catalog.seat(id))?.name ?? id));
    return {
      reservationId,
      parties,
      storeId: request.storeId,
      seatLabel: seatNames.join('・'),
      orders: placed,
      courses,
      ...totals,
      taxRule,
      exitedAt: state.visit.exitedAt,
    };
  }

  /**
   * The visit a request acts on: the reservation itself, or, for a party merged into another
   * (decision 370), the host's, whose bill and checkout are the joined party's.
   */
  async function visitOf(reservationId: string, auth: TableAuth) {
    const { stream } = await authorize(reservationId, auth);
    const host = stream.state.status === 'empty' ? null : stream.state.visit.mergedInto;
    if (host === null) return { stream, reservationId };
    return { stream: await reservations.load(reservationStream(host)), reservationId: host };
  }

  return {
    /** The reservation's orders and what they come to (GET /api/orders/checkout, by-reservation). */
    async bill(input: { reservationId: string; auth: TableAuth }): Promise<Bill> {
      const { stream, reservationId } = await visitOf(input.reservationId, input.auth);
      return billOf(stream.state, reservationId);
    },

    /**
     * Staff change how many of a booked course are on the bill, or take it off (`quantity` 0),
     * saying why (decision 630): `course_line_unknown` for a course the party (or a party merged
     * into it) did not book, `reason_required`, `invalid_quantity`, `visit_ended` after checkout.
     * A resend that finds the count already so appends nothing. Answers the bill as it is now.
     */
    async changeCourseLine(input: {
      reservationId: string;
      menuId: string;
      quantity: number;
      reason: string;
      actor: string;
      correlationId: string;
    }): Promise<{ bill: Bill; position: number | null }> {
      const auth: TableAuth = { kind: 'staff', actor: input.actor };
      const { stream, reservationId } = await visitOf(input.reservationId, auth);
      if (stream.state.status === 'empty') throw new DomainError('not_found');
      if (stream.state.visit.exitedAt !== null) throw new DomainError('visit_ended');
      // The course is the booking's own or that of a party merged into this bill.
      const parties = [reservationId, ...stream.state.visit.merged.map((m) => m.reservationId)];
      const loaded = await Promise.all(
        parties.map(async (id) => ({ id, stream: id === reservationId ? stream : await reservations.load(reservationStream(id)) })),
      );
      const owner = loaded.find(({ stream: s }) => s.state.status !== 'empty' && s.state.request.lines.some((l) => l.menuId === input.menuId));
      if (!owner) throw new DomainError('course_line_unknown');
      const result = await reservations.handle(
        reservationStream(owner.id),
        { type: 'ChangeCourseLine', menuId: input.menuId, quantity: input.quantity, reason: input.reason, now: ports.clock.now().toISOString() },
        { correlationId: input.correlationId, actor: input.actor, storeId: stream.state.request.storeId },
      );
      const after = await reservations.load(reservationStream(reservationId));
      return { bill: await billOf(after.state, reservationId), position: result.position };
    },

    /**
     * Checkout (spec §2 "Monitor checkout", customer /checkout): records the payment of exactly
     * the orders the screen showed (`orders_changed` otherwise), sets the reservation `exited`,
     * kills its tokens and frees the seat for the rest of the day.
     */
    async checkOut(input: {
      reservationId: string;
      auth: TableAuth;
      method: PaymentMethod;
      orderIds: readonly string[] | null;
      correlationId: string;
      /** A split bill's sums of its parts (decision 240), instead of the bill's own. */
      totals?: { subtotal: number; tax: number; total: number };
    }) {
      return retryOnConflict(
        async () => {
          const { stream, reservationId } = await visitOf(input.reservationId, input.auth);
          const bill = await billOf(stream.state, reservationId);
          const billed = bill.orders.map((o) => o.orderId).sort();
          if (input.orderIds !== null && JSON.stringify([...input.orderIds].sort()) !== JSON.stringify(billed)) throw refuse('orders_changed');
          const instant = ports.clock.now();
          const now = instant.toISOString();
          const { subtotal, tax, total } = input.totals ?? bill;
          const courses = reconciled(bill);
          const payment = { method: input.method, subtotal, tax, total, orderIds: billed, ...(courses ? { courses } : {}) };
          const events = stream.decide({ type: 'CheckOut', payment, now });
          if (stream.state.status === 'empty') throw new DomainError('not_found');
          const { request } = stream.state;
          const actor = input.auth.kind === 'staff' ? input.auth.actor : 'customer';
          const context: CommandContext = { correlationId: input.correlationId, actor, storeId: request.storeId };
          const today = tokyoDateTime(instant);
          const endMinute = today.date === request.date ? today.minute : today.date > request.date ? END_OF_DAY : 0;
          await seating.handle(ledgerStream(request.storeId, request.date), { type: 'EndBooking', reservationId, endMinute }, context);
          const result = await stream.append(events, context);
          // The parties merged into it leave with it (decision 370): their visits end, their tokens die.
          let position = result.position;
          for (const { reservationId: merged } of stream.state.visit.merged) {
            const left = await reservations.handle(reservationStream(merged), { type: 'CheckOut', payment: null, now }, context);
            position = left.position ?? position;
          }
          return { payment, bill, exitedAt: now, position };
        },
        attempts(reservationStream(input.reservationId)),
      );
    },
  };
}
