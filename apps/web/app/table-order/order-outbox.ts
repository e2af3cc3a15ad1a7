import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { browserOutbox, useOutboxFlush, type OutboxEntry } from '#app/shared/outbox';
import { locate } from './geolocation';
import { sendOrder, type SendOrderDeps, type SendOutcome } from './send-order';
import { tableCall } from './table-call';
import type { Visit } from './visit-store';

/**
 * The guest's unsent order (decision 261): what the guest sent is kept in the
 * phone (localStorage) under its order id, which is also its Idempotency-Key, until an answer
 * comes. A lost answer (a cut line, a reload mid-send) leaves it there; it is sent again when the
 * page opens, when the phone is online again and every few seconds meanwhile, and the server
 * answers the resend with its first answer: the order is placed once, and nothing typed is lost.
 */
export const ORDER_OUTBOX_KEY = 'moncafe.order-outbox';

const orderData = z.object({
  reservationId: z.string(),
  seatId: z.string(),
  items: z.array(z.object({ menu_id: z.string(), name: z.string(), quantity: z.number().int(), takeout: z.boolean().default(false) })),
});
export type PendingOrder = OutboxEntry<z.output<typeof orderData>>;

const outbox = browserOutbox(ORDER_OUTBOX_KEY, orderData);

const browserDeps: SendOrderDeps = {
  post: (url, body, headers) => tableCall(url, { body, ...(headers ? { headers } : {}) }),
  uuid: newIdempotencyKey,
  locate: () => locate(),
};

/** The outcome of a delivery; `pending` when no answer came and the order stays in the outbox. */
export type Delivery = SendOutcome | { kind: 'pending'; message: string | null };

/**
 * The order screen's sending: `send(lines)` keeps the order and sends it; `pending` is the order
 * still waiting for an answer (also one found on opening the page); `settle` hears each outcome.
 */
export function useOrderOutbox(visit: Visit | null, update: (visit: Visit) => void, settle: (delivery: Delivery) => void) {
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const visitRef = useRef(visit);
  visitRef.current = visit;
  const settleRef = useRef(settle);
  settleRef.current = settle;

  const reservationId = visit?.reservationId ?? null;
  useEffect(() => {
    setPending(outbox.list().find((e) => e.data.reservationId === reservationId) ?? null);
  }, [reservationId]);

  const flush = useCallback(async () => {
    const current = visitRef.current;
    const entry = current && outbox.list().find((e) => e.data.reservationId === current.reservationId);
    if (!current || !entry) return;
    const lines = entry.data.items.map((i) => ({ menu_id: i.menu_id, quantity: i.quantity, takeout: i.takeout }));
    const { outcome, visit: after } = await sendOrder(browserDeps, { ...current, pendingOrderId: entry.key }, lines);
    update(after);
    // No answer, or one where nothing was decided (5xx): the order stays and is sent again.
    if (after.pendingOrderId !== null && (outcome.kind === 'offline' || outcome.kind === 'error')) {
      settleRef.current({ kind: 'pending', message: outcome.kind === 'error' ? outcome.message : null });
      return;
    }
    outbox.remove(entry.key);
    setPending(null);
    settleRef.current(outcome);
  }, [update]);

  useOutboxFlush(flush, pending !== null);

  const send = useCallback(
    (items: readonly { menu_id: string; name: string; quantity: number; takeout: boolean }[]) => {
      const current = visitRef.current;
      if (!current) return;
      const entry: PendingOrder = {
        key: current.pendingOrderId ?? newIdempotencyKey(),
        data: { reservationId: current.reservationId, seatId: current.seatId, items: items.map((i) => ({ ...i })) },
        createdAt: Date.now(),
      };
      outbox.put(entry);
      update({ ...current, pendingOrderId: entry.key });
      // Set pending: the flush sends it now, and again until an answer comes.
      setPending(entry);
    },
    [update],
  );

  return { pending, send };
}
