import type { Located } from './geolocation';
import type { Visit } from './visit-store';

/**
 * Sending an order from the phone (spec §8: "Order send 401 or 403: renew the token and retry
 * once, then 'authentication failed, rescan QR'"). The order id is chosen before the first send
 * and kept until an answer comes, so a resend after a lost answer (a basement, weak signal)
 * places nothing twice. Pure but for its injected calls, so every branch is a unit test.
 */
export interface CallAnswer {
  /** 0 when the network failed. */
  status: number;
  body: {
    success?: boolean;
    error?: string;
    message?: string;
    menu_ids?: string[];
    order_id?: string;
    subtotal?: number;
    token?: string;
    valid_until?: string | null;
    reservation_id?: string;
  };
}

export interface SendOrderDeps {
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<CallAnswer>;
  uuid(): string;
  /** A fresh position for the renewal (the check-in's rule). */
  locate(): Promise<Located>;
}

export type SendOutcome =
  | { kind: 'placed'; orderId: string; subtotal: number }
  | { kind: 'sold_out'; menuIds: string[] }
  | { kind: 'unknown_item'; menuIds: string[] }
  /** Still refused after one renewal: the guest must rescan the QR code. */
  | { kind: 'auth_failed' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string | null };

export interface OrderLineInput {
  menu_id: string;
  quantity: number;
  /** Taken away (decision 240); eat-in when absent. */
  takeout?: boolean;
}

const refusedAuth = (status: number) => status === 401 || status === 403;

/** A new token for the visit's seat, or null when the seat's visit is not this one any more (or the renewal is refused). */
export async function renewToken(deps: SendOrderDeps, visit: Visit): Promise<Visit | null> {
  const position = await deps.locate();
  // Decision 153: the renewal shows the seat's code and the phone's current token, which the new one replaces.
  const proof = { seat_id: visit.seatId, seat_code: visit.seatCode ?? undefined, token: visit.token };
  const body = position.ok ? { ...proof, lat: position.lat, lng: position.lng, accuracy: position.accuracy } : { ...proof, skip_location_check: true };
  const answer = await deps.post('/api/qr-token', body);
  if (answer.status !== 200 || !answer.body.token || answer.body.reservation_id !== visit.reservationId) return null;
  return { ...visit, token: answer.body.token, validUntil: answer.body.valid_until ?? null };
}

export async function sendOrder(deps: SendOrderDeps, visit: Visit, items: readonly OrderLineInput[]): Promise<{ outcome: SendOutcome; visit: Visit }> {
  let current: Visit = { ...visit, pendingOrderId: visit.pendingOrderId ?? deps.uuid() };
  const orderId = current.pendingOrderId!;
  const attempt = (token: string) =>
    deps.post(
      '/api/orders',
      { order_id: orderId, seat_id: current.seatId, reservation_id: current.reservationId, items },
      // The order's id is its Idempotency-Key too: every resend of it is answered the first answer.
      { Authorization: `Bearer ${token}`, 'Idempotency-Key': orderId },
    );

  let answer = await attempt(current.token);
  if (refusedAuth(answer.status)) {
    const renewed = await renewToken(deps, current);
    if (!renewed) return { outcome: { kind: 'auth_failed' }, visit: current };
    current = renewed;
    answer = await attempt(current.token);
    if (refusedAuth(answer.status)) return { outcome: { kind: 'auth_failed' }, visit: current };
  }
  if (answer.status === 0) return { outcome: { kind: 'offline' }, visit: current };
  const settled: Visit = { ...current, pendingOrderId: null };
  if (answer.status === 200 && answer.body.success) return { outcome: { kind: 'placed', orderId, subtotal: answer.body.subtotal ?? 0 }, visit: settled };
  if (answer.body.error === 'sold_out') return { outcome: { kind: 'sold_out', menuIds: answer.body.menu_ids ?? [] }, visit: settled };
  if (answer.body.error === 'unknown_item') return { outcome: { kind: 'unknown_item', menuIds: answer.body.menu_ids ?? [] }, visit: settled };
  // A server error may have placed the order: keep its id, so sending again cannot place it twice.
  return { outcome: { kind: 'error', message: answer.body.message ?? null }, visit: answer.status >= 500 ? current : settled };
}
