import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Answer as ReadyAnswer } from '#app/routes/api/orders/ready/route';
import type { Answer as CompletedAnswer } from '#app/routes/api/orders/completed/route';
import type { Answer as KitchenActionAnswer } from '#app/routes/api/orders/$id/complete/route';
import { useLiveFeed } from '#app/shared/live-feed';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { browserOutbox, unanswered, useOutboxFlush, type OutboxEntry } from '#app/shared/outbox';
import { z } from 'zod';
import { yenAmount } from '#app/shared/yen';
import { createBeeper } from './beeper';
import { clockTime } from './presentation';
import { LoadError } from './guest-notices';
import { tableCall } from './table-call';
import { orderTexts } from './texts';
import { kitchenTexts as t } from './staff-texts';

/** Spec §9: kitchen polling every 5 s (only while /live is down, decision 064), a new order highlighted for 5 s. */
export const POLL_MS = 5_000;
const HIGHLIGHT_MS = 5_000;
/** A ticket's timer turns amber, then red, after the store's minutes (decision 350); these until the first answer. */
const DEFAULT_THRESHOLDS = { warn_minutes: 10, late_minutes: 20 };
/** This browser's sound choice (local storage): 'on' or 'off'. */
const SOUND_KEY = 'kitchenSound';

type Order = ReadyAnswer['orders'][number];

/**
 * The tablet's unsent completes and restores (decision 261): kept with their Idempotency-Key
 * until an answer comes, sent again after a reload or once the line is back, so a tap made
 * while the Wi-Fi was gone is not lost and never done twice.
 */
const kitchenOutbox = browserOutbox('moncafe.kitchen-outbox', z.object({ orderId: z.string(), verb: z.enum(['complete', 'restore']) }));
type KitchenAction = OutboxEntry<{ orderId: string; verb: 'complete' | 'restore' }>;

function rememberedSound(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

function rememberSound(on: boolean) {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page.
  }
}

/** The server's time now: its clock at the last answer plus what passed here since (the tablet's clock may be wrong). */
function useServerNow(serverNow: string | null): number {
  const [tick, setTick] = useState(() => Date.now());
  const base = useMemo(() => (serverNow ? { server: Date.parse(serverNow), local: Date.now() } : null), [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return base ? base.server + (tick - base.local) : tick;
}

/**
 * The kitchen's orders (/kitchen, /monitor/kitchen) or its history (/kitchen/history): ready
 * orders oldest first with a complete button; completed ones with a restore button. New orders
 * arrive over /live, ring five beeps and stay highlighted for five seconds; while the stream is
 * down a banner says since when and the list is polled every five seconds.
 */
export function KitchenBoard({ mode, storeId }: { mode: 'ready' | 'history'; storeId: string | null }) {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [courses, setCourses] = useState<ReadyAnswer['courses']>([]);
  const [failed, setFailed] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [beeping, setBeeping] = useState(false);
  const [alerts, setAlerts] = useState(0);
  const [soundOn, setSoundOn] = useState(false);
  /** The sound was chosen on this tablet but the browser keeps it silent until someone touches the screen. */
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [serverNow, setServerNow] = useState<string | null>(null);
  const [thresholds, setThresholds] = useState(DEFAULT_THRESHOLDS);
  const [recalled, setRecalled] = useState(false);
  const lastBumped = useRef<string | null>(null);
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
    if ('now' in r.body) {
      setServerNow(r.body.now);
      setThresholds(r.body.thresholds);
      setCourses(r.body.courses);
    }
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
  const [mergeNotice, setMergeNotice] = useState<string | null>(null);
  const live = useLiveFeed({
    topics: ['kitchen'],
    // reservation-closed: a visit paid with a ticket still open flags that ticket 会計済み (decision 188).
    // qr-checkin: a party seated with a booked course shows its course at once (decision 630).
    events: ['new-order', 'order-updated', 'reservation-merged', 'reservation-closed', 'qr-checkin'],
    onMessage: (event, data) => {
      if (!belongsHere(data)) return;
      if (event === 'reservation-merged') {
        const merge = data as { undone?: boolean; seat_label?: string; number_of_people?: number };
        setMergeNotice(merge.undone ? t.mergeUndone : t.merged(merge.seat_label ?? '', merge.number_of_people ?? 0));
      }
      void load();
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

  const [unsent, setUnsent] = useState<KitchenAction[]>([]);
  useEffect(() => setUnsent(kitchenOutbox.list()), []);
  /** Sends one kept action; true when an answer came (it leaves the outbox). */
  const deliver = async (entry: KitchenAction): Promise<boolean> => {
    const { orderId, verb } = entry.data;
    const r = await tableCall<KitchenActionAnswer>(`/api/orders/${orderId}/${verb}`, { body: {}, idempotencyKey: entry.key });
    if (unanswered(r.status)) {
      setUnsent(kitchenOutbox.list());
      return false;
    }
    kitchenOutbox.remove(entry.key);
    setUnsent(kitchenOutbox.list());
    if (r.status !== 200) setActionError(r.body.error ?? t.actionFailed);
    else if (verb === 'complete') lastBumped.current = orderId;
    else if (orderId === lastBumped.current) {
      lastBumped.current = null;
      setRecalled(true);
    }
    await load();
    return true;
  };
  useOutboxFlush(async () => {
    for (const entry of kitchenOutbox.list()) if (!(await deliver(entry))) return;
  }, unsent.length > 0);

  const act = async (orderId: string, verb: 'complete' | 'restore') => {
    setActionError(null);
    setRecalled(false);
    const entry: KitchenAction = { key: newIdempotencyKey(), data: { orderId, verb }, createdAt: Date.now() };
    kitchenOutbox.put(entry);
    setUnsent(kitchenOutbox.list());
    await deliver(entry);
  };

  // Sound: remembered on this tablet; at load the browser may still block it, which the screen says.
  const enableSound = useCallback(async () => {
    const on = (await beeper?.enable()) ?? false;
    setSoundOn(on);
    setSoundBlocked(false);
    if (on) rememberSound(true);
  }, [beeper]);
  const toggleSound = async () => {
    if (!soundOn) return enableSound();
    setSoundOn(false);
    rememberSound(false);
  };
  useEffect(() => {
    if (mode !== 'ready' || !rememberedSound()) return;
    let cancelled = false;
    // Blocked until the browser says otherwise: without a touch, resuming audio may never answer.
    setSoundBlocked(true);
    void beeper?.enable().then((on) => {
      if (cancelled || !on) return;
      setSoundOn(true);
      setSoundBlocked(false);
    });
    return () => {
      cancelled = true;
    };
  }, [beeper, mode]);
  useEffect(() => {
    if (!soundBlocked) return;
    const wake = () => void enableSound();
    window.addEventListener('pointerdown', wake, { once: true });
    window.addEventListener('keydown', wake, { once: true });
    return () => {
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
    };
  }, [soundBlocked, enableSound]);

  // Keys: 1–9 complete the ticket with that number, R recalls the last completed one.
  const ordersRef = useRef<Order[] | null>(null);
  ordersRef.current = orders;
  useEffect(() => {
    if (mode !== 'ready') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      if (/^[1-9]$/.test(event.key)) {
        const order = ordersRef.current?.[Number(event.key) - 1];
        if (order) void act(order.id, 'complete');
      } else if ((event.key === 'r' || event.key === 'R') && lastBumped.current) {
        void act(lastBumped.current, 'restore');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const now = useServerNow(serverNow);
  const allDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const order of mode === 'ready' ? (orders ?? []) : [])
      for (const item of order.items) counts.set(item.menu_name, (counts.get(item.menu_name) ?? 0) + item.quantity);
    return [...counts].sort((a, b) => b[1] - a[1]);
  }, [orders, mode]);

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
            onClick={() => void toggleSound()}
            aria-pressed={soundOn}
            data-testid="enable-sound"
          >
            {soundOn ? t.soundOn : t.enableSound}
          </button>
        )}
      </header>
      {mode === 'ready' && !soundOn && (
        <p className="kitchen-sound-prompt" role="status" data-testid="sound-prompt">
          {soundBlocked ? t.soundBlocked : t.soundPrompt}
        </p>
      )}
      {mode === 'ready' && allDay.length > 0 && (
        <section className="kitchen-all-day" aria-labelledby="kitchen-all-day" data-testid="all-day">
          <h3 id="kitchen-all-day">{t.allDayTitle}</h3>
          <ul>
            {allDay.map(([name, quantity]) => (
              <li key={name}>{t.allDayItem(name, quantity)}</li>
            ))}
          </ul>
        </section>
      )}
      {recalled && (
        <p className="hint" role="status">
          {t.recalled}
        </p>
      )}
      {mergeNotice && (
        <p className="hint" role="status" data-testid="kitchen-merge">
          {mergeNotice}
        </p>
      )}
      {live.downSince && (
        <p className="live-banner" role="status" data-testid="live-down">
          {t.liveDown(clockTime(live.downSince.toISOString()))}
        </p>
      )}
      {unsent.length > 0 && (
        <p className="live-banner" role="status" data-testid="kitchen-unsent">
          {t.unsent(unsent.length)}
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
      {mode === 'ready' && orders !== null && orders.length > 0 && <p className="hint kitchen-keys">{t.keyHint}</p>}
      {mode === 'ready' && <SeatedCourses parties={courses} />}
      <ol className="kitchen-orders" aria-live="polite">
        {orders?.map((order, index) => {
          const waitedMs = Math.max(0, now - Date.parse(order.order_time));
          const minutes = Math.floor(waitedMs / 60_000);
          const age = minutes >= thresholds.late_minutes ? 'late' : minutes >= thresholds.warn_minutes ? 'warn' : 'ok';
          return (
            <li
              key={order.id}
              className="kitchen-order panel"
              data-testid="kitchen-order"
              data-order-id={order.id}
              data-new={fresh.has(order.id) ? 'true' : undefined}
              data-age={mode === 'ready' ? age : undefined}
              data-paid={order.paid ? 'true' : undefined}
              data-unsent={unsent.some((a) => a.data.orderId === order.id) ? 'true' : undefined}
            >
              <div className="kitchen-order-head">
                {mode === 'ready' && index < 9 && (
                  <kbd className="kitchen-key" aria-hidden="true">
                    {t.ticketNumber(index + 1)}
                  </kbd>
                )}
                <strong className="kitchen-seat">{order.seat_label}</strong>
                {order.people !== null && (
                  <span className="kitchen-people" data-testid="party-size">
                    {t.people(order.people)}
                  </span>
                )}
                {fresh.has(order.id) && <span className="badge">{t.newBadge}</span>}
                {unsent.some((a) => a.data.orderId === order.id) && <span className="badge">{t.unsentBadge}</span>}
                {mode === 'ready' && (
                  <span className="kitchen-timer" data-testid="ticket-timer" role="timer" aria-live="off" aria-label={t.waitedLabel(minutes)}>
                    {t.waited(minutes, Math.floor((waitedMs % 60_000) / 1000))}
                  </span>
                )}
              </div>
              <p className="kitchen-time hint">
                {mode === 'ready' ? t.orderedAt(clockTime(order.order_time)) : t.completedAt(clockTime(order.completed_at ?? order.updated_at))}
              </p>
              {order.paid && (
                <p className="kitchen-paid" data-testid="ticket-paid">
                  <strong>{t.paid}</strong> {mode === 'ready' && t.paidHint}
                </p>
              )}
              <TicketLines
                items={order.items.map((i) => ({ id: i.menu_id, name: i.menu_name, quantity: i.quantity, takeout: i.takeout === true }))}
                notes={order.notes}
                testId="ticket-notes"
              />
              <div className="kitchen-order-foot">
                <span className="hint">{yenAmount(order.subtotal)}</span>
                {mode === 'ready' ? (
                  <button type="button" className="button kitchen-bump" onClick={() => void act(order.id, 'complete')}>
                    {t.complete}
                  </button>
                ) : (
                  <button type="button" className="button secondary kitchen-bump" onClick={() => void act(order.id, 'restore')}>
                    {t.restore}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The parties seated with a booked course (decision 630): seat, party, the course and its options, as soon as they sit down. */
function SeatedCourses(props: { parties: ReadyAnswer['courses'] }) {
  if (props.parties.length === 0) return null;
  return (
    <section className="kitchen-courses panel" data-testid="kitchen-courses" aria-live="polite">
      <h2>{t.coursesTitle}</h2>
      <ul>
        {props.parties.map((p) => (
          <li key={p.reservation_id} data-testid="kitchen-course" data-reservation-id={p.reservation_id}>
            <p>
              <strong>{p.seat_label}</strong> {t.coursePeople(p.people)} {t.seatedAt(clockTime(p.seated_at))}
            </p>
            <TicketLines items={p.courses.map((c) => ({ id: c.menu_id, name: c.name, quantity: c.quantity }))} notes={p.notes} testId="course-notes" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a ticket lists: its items with their counts, then the booking's notes, an allergy marked as one. */
function TicketLines(props: {
  /** `takeout`: a line to pack, marked 持ち帰り (decision 641). */
  items: readonly { id: string; name: string; quantity: number; takeout?: boolean }[];
  notes: readonly { label: string; text: string; allergy: boolean }[];
  testId: string;
}) {
  return (
    <>
      <ul className="kitchen-items">
        {props.items.map((item, i) => (
          <li key={`${item.id}-${i}`} data-takeout={item.takeout ? 'true' : undefined}>
            {item.takeout && (
              <strong className="kitchen-takeout" data-testid="ticket-takeout">
                {t.takeout}
              </strong>
            )}{' '}
            <span>{item.name}</span> <strong>× {item.quantity}</strong>
          </li>
        ))}
      </ul>
      {props.notes.length > 0 && (
        <ul className="kitchen-notes" data-testid={props.testId}>
          {props.notes.map((note) => (
            <li key={note.label} data-allergy={note.allergy ? 'true' : undefined}>
              {note.allergy && <strong className="kitchen-allergy">{t.allergy}</strong>} {note.label}：{note.text}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
