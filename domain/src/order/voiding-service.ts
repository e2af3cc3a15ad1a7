import { commandHandler, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator } from '../ports';
import { toStreamName as reservationStream } from '../reservation/events';
import { reservationDecider } from '../reservation/decider';
import { toStreamName as stockStream } from '../stock/events';
import { stockDecider } from '../stock/decider';
import { toStreamName } from './events';
import { orderDecider } from './decider';

export interface VoidingPorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  stockAttempts?: number;
}

/** `reason_required`; `visit_ended` (the party checked out: its payment stands); plus the order's `order_not_found`. */
export type VoidingErrorCode = 'reason_required' | 'visit_ended';

/**
 * Staff correct an order before checkout (decision 283): one menu item's line or
 * the whole order is voided with a reason. Decided on the order first; then the counted items go
 * back to the store's stock (`ReturnStock`, idempotent by the void's key), then the void is
 * appended. A lost append leaves the stock returned and the line on the order; the retry (or a
 * second tap) finds the return done and appends the void. The bill reads the order's stream, so
 * it is recomputed at once; the kitchen's ticket follows from the events (OrderLineVoided, OrderVoided).
 */
export function orderVoidingService(ports: VoidingPorts) {
  const orders = commandHandler(orderDecider, ports);
  const stock = commandHandler(stockDecider, { ...ports, maxAttempts: ports.stockAttempts ?? 200 });
  const reservations = commandHandler(reservationDecider, ports);

  return {
    async voidOrder(input: { orderId: string; menuId: string | null; reason: string; actor: string; correlationId: string }) {
      const reason = input.reason.trim();
      if (!reason) throw new DomainError<VoidingErrorCode>('reason_required');
      return retryOnConflict(
        async () => {
          const stream = await orders.load(toStreamName(input.orderId));
          if (stream.state.status === 'empty') throw new DomainError('order_not_found');
          const { order } = stream.state;
          const visit = (await reservations.load(reservationStream(order.reservationId))).state;
          if (visit.status === 'empty' || visit.visit.exitedAt !== null) throw new DomainError<VoidingErrorCode>('visit_ended');
          const now = ports.clock.now().toISOString();
          const events = stream.decide({ type: 'VoidOrder', menuId: input.menuId, reason, now });
          if (events.length === 0) return { position: null, lines: order.lines };
          const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: order.storeId };
          const returned = events.flatMap((e) =>
            e.type === 'OrderVoided' ? e.data.lines : e.type === 'OrderLineVoided' ? [{ menuId: e.data.menuId, quantity: e.data.quantity }] : [],
          );
          const key = `${input.orderId}:${input.menuId ?? '*'}`;
          await stock.handle(stockStream(order.storeId), { type: 'ReturnStock', orderId: input.orderId, key, lines: returned, now }, context);
          const result = await stream.append(events, context);
          return { position: result.position, lines: events.some((e) => e.type === 'OrderVoided') ? [] : order.lines.filter((l) => l.menuId !== input.menuId) };
        },
        { maxAttempts: orders.maxAttempts, what: toStreamName(input.orderId) },
      );
    },
  };
}

export type OrderVoidingService = ReturnType<typeof orderVoidingService>;
