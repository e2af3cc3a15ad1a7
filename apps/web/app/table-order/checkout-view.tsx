import { useCallback, useEffect, useState } from 'react';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Answer as BillAnswer, CompleteAnswer } from '#app/routes/api/orders/checkout/route';
import { yenAmount } from '#app/shared/yen';
import { tableCall } from './table-call';
import { checkoutTexts as t, orderTexts } from './texts';

const METHODS: readonly PaymentMethod[] = ['cash', 'credit', 'electronic', 'qr'];

type Load = { state: 'loading' } | { state: 'failed'; message: string; status: number } | { state: 'ready'; bill: BillAnswer };

/**
 * A reservation's checkout (customer /checkout with the token, /monitor/checkout as staff; spec
 * §2 "Monitor checkout"): the order items, the seat, the subtotal, the tax and the total, a
 * payment method that must be chosen, and a confirmation before completing. Completion records
 * the payment and the reservation leaves (status exited).
 */
export function CheckoutView(props: { reservationId: string; token: string | null; staff: boolean; onDone?: (total: number) => void; onRefused?: () => void }) {
  const { reservationId, token, onRefused } = props;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);

  const fetchBill = useCallback(async () => {
    const r = await tableCall<BillAnswer>(`/api/orders/checkout?reservation_id=${reservationId}`, { token });
    if (r.status === 200 && r.body.success) return setLoad({ state: 'ready', bill: r.body });
    if (r.status === 401) onRefused?.();
    setLoad({ state: 'failed', status: r.status, message: r.status === 0 ? t.cannotReach : (r.body.message ?? r.body.error ?? t.cannotReach) });
  }, [reservationId, token, onRefused]);

  useEffect(() => {
    void fetchBill();
  }, [fetchBill]);

  const complete = async (bill: BillAnswer) => {
    if (!method) {
      window.alert(t.chooseMethod);
      return;
    }
    if (!window.confirm(t.confirm(yenAmount(bill.total)))) return;
    setBusy(true);
    setMessage(null);
    const r = await tableCall<CompleteAnswer>('/api/orders/checkout', {
      token,
      body: { reservation_id: reservationId, payment_method: method, order_ids: bill.order_ids },
    });
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      setDone(r.body.total);
      props.onDone?.(r.body.total);
      return;
    }
    if (r.status === 0) return setMessage(t.cannotReach);
    if (r.body.error === 'orders_changed') void fetchBill();
    if (r.status === 401) onRefused?.();
    setMessage(r.body.message ?? r.body.error ?? t.cannotReach);
  };

  if (done !== null)
    return (
      <p className="order-confirmed" role="status" data-testid="checkout-done">
        {props.staff ? t.doneStaff(yenAmount(done)) : t.done}
      </p>
    );
  if (load.state === 'loading') return <p aria-busy="true">{orderTexts.loading}</p>;
  if (load.state === 'failed')
    return (
      <div className="order-message error" role="alert" data-testid="checkout-error">
        <p>{load.message}</p>
        {load.status !== 401 && (
          <button type="button" className="button secondary" onClick={() => void fetchBill()}>
            {orderTexts.retry}
          </button>
        )}
      </div>
    );
  const { bill } = load;
  if (bill.exited_at) return <p className="order-message">{t.alreadyExited}</p>;
  return (
    <section className="checkout" data-testid="checkout">
      <p>
        {t.seat}：<strong data-testid="checkout-seat">{bill.seat_label}</strong>
      </p>
      {bill.order_items.length === 0 ? (
        <p className="empty" data-testid="checkout-empty">
          {t.noOrders}
        </p>
      ) : (
        <table className="checkout-table">
          <thead>
            <tr>
              <th scope="col">{t.item}</th>
              <th scope="col" className="amount">
                {t.quantity}
              </th>
              <th scope="col" className="amount">
                {t.price}
              </th>
            </tr>
          </thead>
          <tbody>
            {bill.order_items.map((item, i) => (
              <tr key={`${item.order_id}-${item.menu_id}-${i}`}>
                <td>{item.menu_name}</td>
                <td className="amount">{item.quantity}</td>
                <td className="amount">{yenAmount(item.price * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t.subtotal}
              </th>
              <td className="amount" data-testid="checkout-subtotal">
                {yenAmount(bill.subtotal)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {bill.prices_include_tax ? t.taxIncluded(bill.tax_rate) : t.tax(bill.tax_rate)}
              </th>
              <td className="amount" data-testid="checkout-tax">
                {yenAmount(bill.tax)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {t.total}
              </th>
              <td className="amount" data-testid="checkout-total">
                <strong>{yenAmount(bill.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {bill.order_items.length > 0 && (
        <>
          <fieldset className="payment-methods">
            <legend>{t.paymentMethod}</legend>
            {METHODS.map((m) => (
              <label key={m}>
                <input type="radio" name="payment_method" value={m} checked={method === m} onChange={() => setMethod(m)} required />
                {t.methods[m]}
              </label>
            ))}
          </fieldset>
          {message && (
            <p className="order-message error" role="alert">
              {message}
            </p>
          )}
          <p>
            <button type="button" className="button" disabled={busy} onClick={() => void complete(bill)} data-testid="complete-checkout">
              {busy ? t.completing : t.complete}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
