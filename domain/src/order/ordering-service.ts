import { commandHandler, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, Hashing, IdGenerator } from '../ports';
import { toStreamName as reservationStream } from '../reservation/events';
import { parseToken, reservationDecider } from '../reservation/decider';
import { toStreamName as stockStream } from '../stock/events';
import { stockDecider } from '../stock/decider';
import type { TableCatalog } from '../table/ports';
import { authorizeVisit, type TableAuth } from '../table/visit-access';
import { orderSubtotal, toStreamName, type OrderLine } from './events';
import { checkOrderSize, orderLimitsOf } from './limits';
import { orderDecider } from './decider';

/**
 * Table orders (operations.md §2 "Customer order page" and "Kitchen", decision 061): a guest's
 * phone (with its table-order token) or staff place an order for a seat; the kitchen completes and
 * restores it.
 *
 * Placing writes two streams, the contended one first: the store's stock (`ReserveStock`, only
 * when the order has counted items), then the order's own stream. The order id is the caller's
 * (a phone on a weak signal sends the same id again when an answer was lost), and both writes are
 * idempotent by it: a retry never takes stock twice, and finds its order placed. An order whose
 * stock was reserved but whose own append was lost is completed by that retry; without one, the
 * count stays lower than the shelf until staff set it in the stock editor (decision 061).
 *
 * Limits (decision 155): an order's size is bounded by the party, a guest's order above the
 * store's amount goes to staff, and a guest's phone is admitted by the reservation's own stream
 * (`AdmitOrder`, the per-minute caps) before anything is taken. Every refusal comes before the
 * first append, so a refused order leaves nothing behind.
 */
export interface OrderingPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hashing: Hashing;
  catalog: TableCatalog;
  /** Conflict retries on a store's stock stream: every phone ordering counted items at once may need one round. */
  stockAttempts?: number;
}

/** `unknown_item` (details: `menuIds`), `course_not_orderable` (a reservation course; details: `menuIds`, `names`), `wrong_seat`, `order_exists` (the id belongs to another reservation), plus the stock's `sold_out` and the visit's codes. */
export type OrderingErrorCode = 'unknown_item' | 'course_not_orderable' | 'wrong_seat';

export interface OrderRequest {
  /** Chosen by the phone so a retry is recognised; a new one when absent. */
  orderId: string | null;
  reservationId: string;
  seatId: string | null;
  items: readonly { menuId: string; quantity: number; takeout?: boolean }[];
  auth: TableAuth;
  correlationId: string;
}

export function orderingService(ports: OrderingPorts) {
  const reservations = commandHandler(reservationDecider, ports);
  const stock = commandHandler(stockDecider, { ...ports, maxAttempts: ports.stockAttempts ?? 200 });
  const orders = commandHandler(orderDecider, ports);

  /** Prices the lines from the catalog: every item must exist in the store and be shown on the order page. */
  async function priced(storeId: string, items: OrderRequest['items']): Promise<OrderLine[]> {
    const ids = [...new Set(items.map((i) => i.menuId))];
    const known = (await ports.catalog.menuItems(ids)).filter((m) => m.storeId === storeId);
    const found = known.filter((m) => m.showOnOrder);
    // A course is booked with the reservation, never ordered at the table (decision 631): the
    // refusal names it and says so, rather than calling it sold out.
    const courses = known.filter((m) => !m.showOnOrder && m.reservable === true);
    if (courses.length > 0)
      throw new DomainError<OrderingErrorCode>('course_not_orderable', 'course_not_orderable', {
        menuIds: courses.map((m) => m.menuId),
        names: courses.map((m) => m.name),
      });
    const missing = ids.filter((id) => !found.some((m) => m.menuId === id));
    if (missing.length > 0) throw new DomainError<OrderingErrorCode>('unknown_item', 'unknown_item', { menuIds: missing });
    return items.map((i) => {
      const item = found.find((m) => m.menuId === i.menuId)!;
      return {
        menuId: item.menuId,
        name: item.name,
        price: item.price,
        quantity: i.quantity,
        takeout: i.takeout ?? false,
        taxCategory: item.taxCategory ?? 'reduced',
      };
    });
  }

  async function kitchenCommand(orderId: string, type: 'CompleteOrder' | 'RestoreOrder', actor: string, correlationId: string) {
    const stream = await orders.load(toStreamName(orderId));
    const storeId = stream.state.status === 'empty' ? null : stream.state.order.storeId;
    const result = await orders.handle(toStreamName(orderId), { type, now: ports.clock.now().toISOString() }, { correlationId, actor, storeId });
    return { status: type === 'CompleteOrder' ? ('complete' as const) : ('ready' as const), position: result.position };
  }

  return {
    /**
     * Places an order; throws `sold_out` (nothing is taken), `unknown_item`, `invalid_token`, `wrong_seat`, `visit_ended`,
     * and the limits' `order_too_large`, `order_needs_staff` (guests only) and `too_many_orders` (guests only).
     */
    async place(input: OrderRequest) {
      const { stream, seatId: tokenSeat } = await authorizeVisit(reservations, ports, input.reservationId, input.auth);
      const { state } = stream;
      if (state.status === 'empty') throw new DomainError('not_found');
      if (state.status !== 'confirmed' || state.visit.exitedAt !== null) throw new DomainError('visit_ended');
      const seatId = tokenSeat ?? input.seatId ?? state.request.seatIds[0]!;
      if ((input.seatId !== null && input.seatId !== seatId) || !state.request.seatIds.includes(seatId)) throw new DomainError<OrderingErrorCode>('wrong_seat');
      const { storeId } = state.request;
      const orderId = input.orderId ?? ports.ids.uuid();
      // The order's stream and the store's stock, read together (decision 451).
      const streams = () => Promise.all([orders.load(toStreamName(orderId)), stock.load(stockStream(storeId))]);
      // Independent reads, at once: an order call waits for the slowest of them, not their sum.
      const [lines, limits, seat, first] = await Promise.all([
        priced(storeId, input.items),
        orderLimitsOf(ports.eventStore, storeId),
        ports.catalog.seat(seatId),
        streams(),
      ]);
      const actor = input.auth.kind === 'staff' ? input.auth.actor : 'customer';
      const context: CommandContext = { correlationId: input.correlationId, actor, storeId };
      const now = ports.clock.now().toISOString();
      let loaded: typeof first | null = first;

      return retryOnConflict(
        async () => {
          // A conflict's retry reads both streams again.
          const [existing, shelf] = loaded ?? (await streams());
          loaded = null;
          if (existing.state.status !== 'empty') {
            // A retry of an order already placed: the same answer, nothing taken twice.
            if (existing.state.order.reservationId !== input.reservationId) throw new DomainError('order_exists');
            return { orderId, subtotal: orderSubtotal(existing.state.order.lines), lines: existing.state.order.lines, position: null };
          }
          checkOrderSize(lines, state.request.people, limits, input.auth.kind === 'staff');
          // Sold out is answered before anything is recorded (the admission too). An order that
          // takes nothing counted — or a resend whose items were taken — does not queue on the
          // store's contended stock stream; one that takes something is decided again there on
          // the stream as it is then, so no count goes below zero.
          const takes = shelf.decide({ type: 'ReserveStock', orderId, lines, now }).length > 0;
          if (input.auth.kind === 'token') {
            const { tokenHash } = parseToken(input.auth.token, ports.hashing.sha256Hex);
            const caps = { perVisitPerMinute: limits.per_visit_per_minute, perTokenPerMinute: limits.per_token_per_minute };
            await reservations.handle(reservationStream(input.reservationId), { type: 'AdmitOrder', orderId, tokenHash, caps, now }, context);
          }
          if (takes) await stock.handle(stockStream(storeId), { type: 'ReserveStock', orderId, lines, now }, context);
          const seatLabel = seat?.name ?? seatId;
          const order = { orderId, storeId, reservationId: input.reservationId, seatId, seatLabel, lines, placedBy: actor };
          const placed = await existing.append(existing.decide({ type: 'PlaceOrder', order, now }), context);
          return { orderId, subtotal: orderSubtotal(lines), lines, position: placed.position };
        },
        { maxAttempts: orders.maxAttempts, what: toStreamName(orderId) },
      );
    },

    /** The store's order limits (decision 155), as the limits editor shows them: saved, or the defaults. */
    limits(storeId: string) {
      return orderLimitsOf(ports.eventStore, storeId);
    },

    /** The kitchen marks an order done (idempotent). */
    complete(input: { orderId: string; actor: string; correlationId: string }) {
      return kitchenCommand(input.orderId, 'CompleteOrder', input.actor, input.correlationId);
    },

    /** The kitchen puts a completed order back on the ready list (idempotent). */
    restore(input: { orderId: string; actor: string; correlationId: string }) {
      return kitchenCommand(input.orderId, 'RestoreOrder', input.actor, input.correlationId);
    },
  };
}

export type OrderingService = ReturnType<typeof orderingService>;
