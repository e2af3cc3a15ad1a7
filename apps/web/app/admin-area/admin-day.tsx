import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { callJson } from '#app/http/api-client';
import type { Answer as DayAnswer } from '#app/routes/api/admin/day-summary/route';
import { japaneseDate } from '#app/reservation/presentation';
import { yenAmount } from '#app/shared/yen';
import { LoadError, Loading } from '#app/staff-area/components';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { homeTexts as h } from './texts';
import { paidBy } from './paid-by';

const time = (iso: string) => tokyoDateTimeLabel(iso).slice(11);
const itemsText = (items: readonly { menu_name: string; quantity: number }[]) => items.map((i) => `${i.menu_name}×${i.quantity}`).join('、');

/** The admin home's day at a glance and the day's orders (decision 123); the date defaults to today in Tokyo. */
export function AdminDay({ storeId }: { storeId: string }) {
  const [date, setDate] = useState<string | null>(null);
  const [day, setDay] = useState<DayAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const dateId = useId();
  const load = useCallback(async () => {
    setFailed(false);
    const q = new URLSearchParams({ store_id: storeId, ...(date ? { date } : {}) });
    const r = await callJson<DayAnswer>(`/api/admin/day-summary?${q.toString()}`, { noStore: true });
    if (r.ok) {
      setDay(r.body);
      if (!date) setDate(r.body.date);
    } else setFailed(true);
  }, [storeId, date]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <LoadError message={h.loadFailed} onRetry={() => void load()} />;
  if (!day) return <Loading />;
  const csv = `/api/admin/orders/export.csv?${new URLSearchParams({ store_id: storeId, date: day.date }).toString()}`;
  return (
    <div className="admin-day" data-testid="admin-day" data-date={day.date}>
      <div className="admin-day-head">
        <h3>{h.todayTitle(japaneseDate(day.date))}</h3>
        <label htmlFor={dateId} className="field">
          {h.dayLabel}
          <input id={dateId} type="date" value={date ?? day.date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </label>
      </div>
      <div className="admin-day-grid">
        <section aria-labelledby={`${dateId}-bookings`} className="panel" data-testid="bookings-by-hour">
          <h4 id={`${dateId}-bookings`}>{h.bookingsTitle}</h4>
          {day.bookings.byHour.length === 0 ? (
            <p className="empty">{h.noBookings}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{h.hour}</th>
                  <th scope="col">{h.bookings}</th>
                  <th scope="col">{h.covers}</th>
                </tr>
              </thead>
              <tbody>
                {day.bookings.byHour.map((b) => (
                  <tr key={b.hour}>
                    <td>{b.hour}</td>
                    <td>{b.bookings}</td>
                    <td>{b.covers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="hint">{h.bookingsTotal(day.bookings.count, day.bookings.covers)}</p>
          <Link to="/monitor/reservation">{h.toSchedule}</Link>
        </section>
        <section aria-labelledby={`${dateId}-in`} className="panel" data-testid="checked-in">
          <h4 id={`${dateId}-in`}>{h.checkedInTitle}</h4>
          {day.checkedIn.length === 0 ? (
            <p className="empty">{h.noneCheckedIn}</p>
          ) : (
            <ul>
              {day.checkedIn.map((c) => (
                <li key={c.reservation_id}>
                  {c.seats.join('・')} {c.customer_name}（{c.people}名）{c.seated_at && <span className="hint"> {h.seatedAt(time(c.seated_at))}</span>}{' '}
                  <Link to={`/monitor/checkout?reservation_id=${encodeURIComponent(c.reservation_id)}`}>{h.toCheckout}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby={`${dateId}-open`} className="panel" data-testid="open-orders">
          <h4 id={`${dateId}-open`}>{h.openOrdersTitle}</h4>
          <p className="admin-day-figure">{h.openOrders(day.openOrders.length)}</p>
          <ul>
            {day.openOrders.slice(0, 5).map((o) => (
              <li key={o.id}>
                {time(o.order_time)} {o.seat_label}：{itemsText(o.items)}
              </li>
            ))}
          </ul>
          <Link to="/monitor/kitchen">{h.toKitchen}</Link>
        </section>
        <section aria-labelledby={`${dateId}-sales`} className="panel" data-testid="sales">
          <h4 id={`${dateId}-sales`}>{h.salesTitle}</h4>
          {day.sales.byMethod.length === 0 ? (
            <p className="empty">{h.noSales}</p>
          ) : (
            <ul>
              {day.sales.byMethod.map((s) => (
                <li key={s.method}>
                  {h.paymentMethods[s.method] ?? s.method}：{yenAmount(s.total)}（{h.paymentCount(s.count)}）
                </li>
              ))}
            </ul>
          )}
          <p className="admin-day-figure">{h.salesTotal(yenAmount(day.sales.total))}</p>
        </section>
        <section aria-labelledby={`${dateId}-sold-out`} className="panel" data-testid="sold-out">
          <h4 id={`${dateId}-sold-out`}>{h.soldOutTitle}</h4>
          {day.soldOut.length === 0 ? (
            <p className="empty">{h.noneSoldOut}</p>
          ) : (
            <ul>
              {day.soldOut.map((m) => (
                <li key={m.id}>{m.name}</li>
              ))}
            </ul>
          )}
          <Link to="/monitor/stock">{h.toStock}</Link>
        </section>
      </div>
      <section aria-labelledby={`${dateId}-orders`} className="panel" data-testid="day-orders">
        <div className="admin-day-head">
          <h4 id={`${dateId}-orders`}>{h.ordersTitle}</h4>
          <a className="button secondary" href={csv} download>
            {h.exportCsv}
          </a>
        </div>
        {day.orders.length === 0 ? (
          <p className="empty">{h.noOrders}</p>
        ) : (
          <>
            <div className="admin-day-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{h.orderTime}</th>
                    <th scope="col">{h.seat}</th>
                    <th scope="col">{h.items}</th>
                    <th scope="col">{h.subtotal}</th>
                    <th scope="col">{h.status}</th>
                    <th scope="col">{h.payment}</th>
                  </tr>
                </thead>
                <tbody>
                  {day.orders.map((o) => (
                    <tr key={o.id}>
                      <td>{time(o.order_time)}</td>
                      <td>{o.seat_label}</td>
                      <td>{itemsText(o.items)}</td>
                      <td>{yenAmount(o.subtotal)}</td>
                      <td>{h.statuses[o.status] ?? o.status}</td>
                      <td>{paidBy(o.payment_methods)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="admin-day-figure">{h.ordersTotal(day.orderTotals.count, yenAmount(day.orderTotals.subtotal))}</p>
            <h5>{h.itemTotalsTitle}</h5>
            <ul>
              {day.orderTotals.items.map((i) => (
                <li key={i.menu_id}>
                  {i.menu_name}：{i.quantity}点・{yenAmount(i.amount)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
