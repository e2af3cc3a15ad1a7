import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Answer as ReadyAnswer } from '#app/routes/api/orders/ready/route';
import type { Answer as CompletedAnswer } from '#app/routes/api/orders/completed/route';
import type { Answer as KitchenActionAnswer } from '#app/routes/api/orders/$id/complete/route';
import { useLiveFeed } from '#app/shared/live-feed';
import { yenAmount } from '#app/shared/yen';
import { createBeeper } from './beeper';
import { clockTime } from './presentation';
import { LoadError } from './guest-notices';
import { tableCall } from './table-call';
import { kitchenTexts as t, orderTexts } from './texts';

/** Spec §9: kitchen polling every 5 s (only while /live is down, decision 064), a new order highlighted for 5 s. */
export const POLL_MS = 5_000;
export const HIGHLIGHT_MS = 5_000;

type Order = ReadyAnswer['orders'][number];

/**
 * The kitchen's orders (/kitchen, /monitor/kitchen) or its history (/kitchen/history): ready
 * orders oldest first with a complete button; completed ones with a restore button. New orders
 * arrive over /live, ring five beeps and stay highlighted for five seconds; while the stream is
 * down a banner says since when and the list is polled every five seconds.
 */
export function KitchenBoard({ mode, storeId }: { mode: 'ready' | 'history'; storeId: string | null }) {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [beeping, setBeeping] = useState(false);
  const [alerts, setAlerts] = useState(0);
  const [soundOn, setSoundOn] = useState(false);
  const beeper = useMemo(() => (typeof window === 'undefined' ? null : createBeeper()), []);
  const known = useRef<Set<string> | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : '';

  const ring = useCallback(
    (ids: string[]) => {
      setFresh((f) => new Set([...f, ...ids]));
      setAlerts((n) => n + 1);
      setBeeping(true);
      beeper?.beep();
      timers.current.push(setTimeout(() => setBeeping(false), beeper?.durationMs() ?? 0));
      timers.current.push(
        setTimeout(
          () =>
            setFresh((f) => {
              const next = new Set(f);
              ids.forEach((id) => next.delete(id));
              return next;
            }),
          HIGHLIGHT_MS,
        ),
      );
    },
    [beeper],
  );

  const load = useCallback(async () => {
    const url = mode === 'ready' ? `/api/orders/ready${query}` : `/api/orders/completed${query}`;
    const r = await tableCall<ReadyAnswer | CompletedAnswer>(url);
    if (r.status !== 200 || !r.body.orders) {
      setFailed(true);
      return;
    }
    setFailed(false);
    const list = r.body.orders;
    if (mode === 'ready') {
      // Orders this screen has not seen before ring, except on its first load.
      const unseen = known.current === null ? [] : list.filter((o) => !known.current!.has(o.id)).map((o) => o.id);
      known.current = new Set([...(known.current ?? []), ...list.map((o) => o.id)]);
      if (unseen.length > 0) ring(unseen);
    }
    setOrders(list);
  }, [mode, query, ring]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const belongsHere = (data: unknown) => {
    const store = (data as { store_id?: string | null } | null)?.store_id;
    return !storeId || !store || store === storeId;
  };
  const live = useLiveFeed({
    topics: ['kitchen'],
    events: ['new-order', 'order-updated'],
    onMessage: (_event, data) => {
      if (belongsHere(data)) void load();
    },
  });

  // Polling is the fallback only while the stream is down; coming back, one read catches up.
  useEffect(() => {
    if (live.connected) {
      void load();
      return;
    }
    if (live.downSince === null) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [live.connected, live.downSince, load]);

  const act = async (order: Order, verb: 'complete' | 'restore') => {
    setActionError(null);
    const r = await tableCall<KitchenActionAnswer>(`/api/orders/${order.id}/${verb}`, { body: {} });
    if (r.status !== 200) setActionError(r.body.error ?? t.actionFailed);
    await load();
  };

  const enableSound = async () => setSoundOn((await beeper?.enable()) ?? false);

  return (
    <section
      className="kitchen"
      data-testid="kitchen"
      data-mode={mode}
      data-beeping={beeping ? 'true' : 'false'}
      data-alerts={alerts}
      data-live={live.connected ? 'up' : 'down'}
    >
      <header className="kitchen-head">
        <h2>{mode === 'ready' ? t.title : t.historyTitle}</h2>
        {mode === 'ready' && (
          <button
            type="button"
            className={soundOn ? 'button secondary' : 'button'}
            onClick={() => void enableSound()}
            aria-pressed={soundOn}
            data-testid="enable-sound"
          >
            {soundOn ? t.soundOn : t.enableSound}
          </button>
        )}
      </header>
      {live.downSince && (
        <p className="live-banner" role="status" data-testid="live-down">
          {t.liveDown(clockTime(live.downSince.toISOString()))}
        </p>
      )}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {orders === null && !failed && <p aria-busy="true">{orderTexts.loading}</p>}
      {failed && orders === null && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {orders !== null && orders.length === 0 && <p className="empty">{mode === 'ready' ? t.empty : t.historyEmpty}</p>}
      <ol className="kitchen-orders" aria-live="polite">
        {orders?.map((order) => (
          <li
            key={order.id}
            className="kitchen-order panel"
            data-testid="kitchen-order"
            data-order-id={order.id}
            data-new={fresh.has(order.id) ? 'true' : undefined}
          >
            <div className="kitchen-order-head">
              <strong className="kitchen-seat">{order.seat_label}</strong>
              <span>{mode === 'ready' ? t.orderedAt(clockTime(order.order_time)) : t.completedAt(clockTime(order.completed_at ?? order.updated_at))}</span>
              {fresh.has(order.id) && <span className="badge">{t.newBadge}</span>}
            </div>
            <ul className="kitchen-items">
              {order.items.map((item) => (
                <li key={item.menu_id}>
                  <span>{item.menu_name}</span> <strong>× {item.quantity}</strong>
                </li>
              ))}
            </ul>
            <div className="kitchen-order-foot">
              <span className="hint">{yenAmount(order.subtotal)}</span>
              {mode === 'ready' ? (
                <button type="button" className="button" onClick={() => void act(order, 'complete')}>
                  {t.complete}
                </button>
              ) : (
                <button type="button" className="button secondary" onClick={() => void act(order, 'restore')}>
                  {t.restore}
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
