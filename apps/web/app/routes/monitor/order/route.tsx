import { useCallback, useEffect, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { areaTexts } from '#app/areas/texts';
import { appOf } from '#app/context';
import type { Answer as ByReservationAnswer } from '#app/routes/api/orders/by-reservation/$id/route';
import type { Answer as GrantAnswer } from '#app/routes/api/admin/reservations/$id/grant-token/route';
import type { Answer as SeatPartyAnswer } from '#app/routes/api/orders/seat-party/route';
import { PASS_MINUTES, PassQr } from '#app/table-order/pass-qr';
import { yenAmount } from '#app/shared/yen';
import { CartPanel, OrderMenu, type CartLineView } from '#app/table-order/order-menu';
import { clockTime } from '#app/table-order/presentation';
import { tableCall } from '#app/table-order/table-call';
import { TakeoutChoice } from '#app/table-order/takeout-choice';
import { checkoutTexts, orderTexts } from '#app/table-order/texts';
import { monitorTexts as t } from '#app/table-order/staff-texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { FloorView } from '#app/floor/floor-view';
import { floorTexts } from '#app/floor/texts';
import type { Answer as VoidAnswer } from '#app/routes/api/orders/$id/void/route';
import { PhoneBookingForm } from '#app/floor/phone-booking-form';
import { NextBookingWarning } from '#app/floor/next-booking-warning';
import { MergePanel } from '#app/floor/merge-panel';
import { SeatBill } from '#app/floor/seat-bill';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import floorCss from '#app/floor/floor.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.orderTitle, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: tableOrderCss },
  { rel: 'stylesheet', href: floorCss },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, floor: [], menu: [], courses: [], presets: [], today: '' };
  const { services, queries, runtime } = appOf(context);
  const today = tokyoDateOf(runtime.clock.now());
  const [floor, menu, courses, presets] = await Promise.all([
    services.floor.seats(parsed.data),
    queries.stock.orderMenu(parsed.data, today),
    queries.menus.list({ storeId: parsed.data, visibleOn: 'reservation' }),
    // The owner's preset discounts (decision 642), one tap each on the selected party's bill.
    services.billing.discountPresets(parsed.data),
  ]);
  return {
    storeId: parsed.data,
    floor,
    menu,
    courses: courses.map((c) => ({ id: c.id, name: c.name })),
    presets: presets.map((p, i) => ({ id: String(i), ...p })),
    today,
  };
}

const PEOPLE = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * /monitor/order: the order screen as staff see it, per seat of the chosen store. A free seat can
 * be checked in by staff (no location step); an occupied one shows its orders, takes an order for
 * the guests, and can let their phones order without location for 15 minutes (grant-token); its
 * bill takes the monitor checkout's discounts and course counts (decisions 630, 642).
 */
export default function MonitorOrder({ loaderData }: Route.ComponentProps) {
  const storeId = useStoreQuery(loaderData.storeId);
  const [params, setParams] = useSearchParams();
  const { revalidate } = useRevalidator();
  const seat = loaderData.floor.find((s) => s.seatId === params.get('seat_id')) ?? null;
  const [people, setPeople] = useState(2);
  const [lines, setLines] = useState<CartLineView[]>([]);
  const [orders, setOrders] = useState<ByReservationAnswer['orders']>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Staff seating (decision 151): the one-time QR for the seated party's phone, shown on this tablet.
  const [passQr, setPassQr] = useState<{ seatName: string; svg: string; url: string; until: string } | null>(null);
  const reservationId = seat?.reservationId ?? null;

  const loadOrders = useCallback(async () => {
    if (!reservationId) return setOrders([]);
    const r = await tableCall<ByReservationAnswer>(`/api/orders/by-reservation/${reservationId}`);
    setOrders(r.status === 200 && r.body.orders ? r.body.orders : []);
  }, [reservationId]);
  useEffect(() => {
    void loadOrders();
    setLines([]);
    setMessage(null);
  }, [loadOrders]);

  const choose = (seatId: string) => {
    const next = new URLSearchParams(params);
    next.set('seat_id', seatId);
    setParams(next, { replace: true });
  };

  const checkIn = async () => {
    if (!seat) return;
    setBusy(true);
    const r = await tableCall('/api/orders/qr-checkin', { body: { seat_id: seat.seatId, number_of_people: people } });
    setBusy(false);
    setMessage(r.status === 200 ? (r.body.message ?? null) : (r.body.message ?? r.body.error ?? checkoutTexts.cannotReach));
    void revalidate();
  };

  // The seat whose next booking staff are being told of before seating a party there (decision 674).
  const [warnedSeatId, setWarnedSeatId] = useState<string | null>(null);
  const seatParty = async (untilNextBooking = false) => {
    if (!seat) return;
    if (seat.runsIntoNext && !untilNextBooking) {
      setWarnedSeatId(seat.seatId);
      return;
    }
    setWarnedSeatId(null);
    setBusy(true);
    setMessage(null);
    const r = await tableCall<SeatPartyAnswer>('/api/orders/seat-party', {
      body: { seat_id: seat.seatId, number_of_people: seat.people ?? people, ...(untilNextBooking ? { until_next_booking: true } : {}) },
    });
    setBusy(false);
    if (r.status === 200 && r.body.success) setPassQr({ seatName: r.body.seat_name, svg: r.body.svg, url: r.body.url, until: r.body.expires_at });
    else setMessage(r.body.message ?? r.body.error ?? checkoutTexts.cannotReach);
    void revalidate();
  };

  const grant = async () => {
    if (!reservationId) return;
    const r = await tableCall<GrantAnswer>(`/api/admin/reservations/${reservationId}/grant-token`, { body: { minutes: 15 } });
    setMessage(r.status === 200 && r.body.until ? t.granted(clockTime(r.body.until)) : (r.body.error ?? checkoutTexts.cannotReach));
  };

  const [takeout, setTakeout] = useState<Set<string>>(() => new Set());
  const send = async () => {
    if (!seat || !reservationId) return;
    if (lines.length === 0) {
      window.alert(orderTexts.cartEmpty);
      return;
    }
    setBusy(true);
    const r = await tableCall('/api/orders', {
      body: {
        seat_id: seat.seatId,
        reservation_id: reservationId,
        order_id: crypto.randomUUID(),
        items: lines.map((l) => ({ menu_id: l.menu_id, quantity: l.quantity, takeout: takeout.has(l.menu_id) })),
      },
    });
    setBusy(false);
    if (r.status === 200) {
      setLines([]);
      setMessage(orderTexts.ordered);
      void loadOrders();
    } else setMessage(r.body.message ?? r.body.error ?? checkoutTexts.cannotReach);
  };

  /** Decision 283: a line (or the whole order) off before checkout, with the reason staff type. */
  const voidOrder = async (orderId: string, menuId: string | null) => {
    const reason = window.prompt(floorTexts.voidReasonPrompt);
    if (reason === null) return;
    setBusy(true);
    const r = await tableCall<VoidAnswer>(`/api/orders/${orderId}/void`, { body: { menu_id: menuId, reason } });
    setBusy(false);
    setMessage(r.status === 200 ? floorTexts.voided : (r.body.message ?? floorTexts.voidFailed));
    void loadOrders();
  };

  const change = (line: CartLineView, by: number) =>
    setLines((ls) => {
      const existing = ls.find((l) => l.menu_id === line.menu_id);
      if (!existing) return by > 0 ? [...ls, { ...line, quantity: 1 }] : ls;
      return ls.flatMap((l) => (l.menu_id !== line.menu_id ? [l] : l.quantity + by <= 0 ? [] : [{ ...l, quantity: l.quantity + by }]));
    });

  if (!loaderData.storeId) return <p className="hint">{storeId ? orderTexts.loading : areaTexts.chooseStoreFirst}</p>;
  return (
    <section className="monitor-order" data-testid="monitor-order">
      <h2 className="visually-hidden">{t.orderTitle}</h2>
      {loaderData.floor.length === 0 && <p className="empty">{t.noSeats}</p>}
      <FloorView seats={loaderData.floor} storeId={loaderData.storeId} selectedSeatId={seat?.seatId ?? null} onSelect={choose} />
      {message && (
        <p className="order-message" role="status">
          {message}
        </p>
      )}
      {passQr && (
        <PassQr
          title={t.seatPartyTitle(passQr.seatName)}
          intro={t.seatPartyIntro(PASS_MINUTES, clockTime(passQr.until))}
          svg={passQr.svg}
          url={passQr.url}
          closeLabel={t.closeSeatParty}
          printLabel={t.print}
          onClose={() => setPassQr(null)}
          testId="seat-party-qr"
        />
      )}
      {!seat && loaderData.floor.length > 0 && <p className="hint">{t.chooseSeat}</p>}
      {!seat && (
        <PhoneBookingForm
          storeId={loaderData.storeId}
          today={loaderData.today}
          courses={loaderData.courses}
          onSeated={(seated) => {
            setPassQr({ seatName: seated.seat_name, svg: seated.svg, url: seated.url, until: seated.expires_at });
            void revalidate();
          }}
        />
      )}
      {seat && !reservationId && (
        <div className="panel">
          <h3>{seat.seatName}</h3>
          <label className="field">
            {orderTexts.people}
            <select className="people-select" value={people} onChange={(e) => setPeople(Number(e.target.value))}>
              {PEOPLE.map((n) => (
                <option key={n} value={n}>
                  {orderTexts.peopleOption(n)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" disabled={busy} onClick={() => void seatParty()} data-testid="seat-party">
            {t.seatParty}
          </button>{' '}
          <button type="button" className="button secondary" disabled={busy} onClick={() => void checkIn()}>
            {t.checkInStaff}
          </button>
          {seat.next && warnedSeatId === seat.seatId && (
            <NextBookingWarning seat={{ ...seat, next: seat.next }} busy={busy} onProceed={() => void seatParty(true)} onCancel={() => setWarnedSeatId(null)} />
          )}
        </div>
      )}
      {seat && reservationId && (
        <div className="monitor-seat">
          <h3>{orderTexts.staffOrderFor(seat.seatName)}</h3>
          <p className="order-choices">
            <button type="button" className="button" disabled={busy} onClick={() => void seatParty()} data-testid="seat-party">
              {seat.seatedAt ? t.seatPartyAgain : t.seatParty}
            </button>
            <button type="button" className="button secondary" onClick={() => void grant()} data-testid="grant">
              {t.grant}
            </button>
            <Link className="button secondary" to={`/monitor/checkout?reservation_id=${reservationId}`}>
              {checkoutTexts.toCheckout}
            </Link>
          </p>
          <MergePanel
            seat={seat}
            seats={loaderData.floor}
            onDone={(done) => {
              setMessage(done);
              void revalidate();
              void loadOrders();
            }}
          />
          <OrderMenu
            items={loaderData.menu}
            onAdd={(item) =>
              change({ menu_id: item.id, name: item.name, price: item.price_with_tax, takeout_price: item.takeout_price_with_tax, quantity: 1 }, 1)
            }
          />
          <CartPanel lines={lines} takeout={takeout} onIncrease={(l) => change(l, 1)} onDecrease={(l) => change(l, -1)}>
            <TakeoutChoice lines={lines} takeout={takeout} onChange={setTakeout} />
            <button type="button" className="button" disabled={busy} onClick={() => void send()}>
              {orderTexts.placeOrder}
            </button>
          </CartPanel>
          <h3>{t.ordersOfSeat}</h3>
          {orders.length === 0 ? (
            <p className="empty">{checkoutTexts.noOrders}</p>
          ) : (
            <ul className="floor-orders" data-testid="seat-orders">
              {orders
                .filter((o) => o.items.length > 0)
                .map((o) => (
                  <li key={o.id} data-testid="seat-order">
                    <p>
                      {clockTime(o.order_time)}（{yenAmount(o.subtotal)}）
                    </p>
                    <ul>
                      {o.items.map((i) => (
                        <li key={i.menu_id}>
                          {`${i.menu_name} × ${i.quantity}`}{' '}
                          <button type="button" className="button secondary" disabled={busy} onClick={() => void voidOrder(o.id, i.menu_id)}>
                            {floorTexts.voidLine(i.menu_name)}
                          </button>
                        </li>
                      ))}
                    </ul>
                    <button type="button" className="button secondary danger" disabled={busy} onClick={() => void voidOrder(o.id, null)}>
                      {floorTexts.voidOrder}
                    </button>
                  </li>
                ))}
            </ul>
          )}
          {seat.seatedAt && (
            <SeatBill
              reservationId={reservationId}
              presets={loaderData.presets}
              // The floor's count follows the guests' own orders live; the list, staff's own and their voids.
              ordersKey={`${seat.orders} ${orders.map((o) => `${o.id}:${o.subtotal}`).join(',')}`}
            />
          )}
        </div>
      )}
    </section>
  );
}
