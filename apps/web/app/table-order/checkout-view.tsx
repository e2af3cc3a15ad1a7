import { useCallback, useEffect, useState } from 'react';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Answer as BillAnswer, CompleteAnswer } from '#app/routes/api/orders/checkout/route';
import { useFormat, useTexts } from '#app/i18n/language';
import { menuNameIn } from './presentation';
import { BillAdjustments } from '#app/billing/bill-adjustments';
import type { DiscountPreset } from '#app/billing/discounts';
import type { CheckoutDone, PaidReceipt } from './paid';
import { SplitBill } from './split-bill';
import { tableCall } from './table-call';
import { localizedCheckoutTexts, localizedGuestBillTexts, localizedGuestMarks, localizedOrderTexts } from './texts';
import { InputField } from '#app/shared/fields';
import { CashTendered, ChangeGiven } from '#app/billing/cash-tendered';

const METHODS: readonly PaymentMethod[] = ['cash', 'credit', 'electronic', 'qr'];

type Load = { state: 'loading' } | { state: 'failed'; message: string; status: number } | { state: 'ready'; bill: BillAnswer };

/**
 * A reservation's checkout (customer /checkout with the token, /monitor/checkout as staff; spec
 * §2 "Monitor checkout"): the order items, the seat, the subtotal, the tax and the total, a
 * payment method that must be chosen, and a confirmation before completing. Completion records
 * the payment and the reservation leaves (status exited).
 */
export function CheckoutView(props: {
  reservationId: string;
  token: string | null;
  staff: boolean;
  /** The owner's preset discounts (decision 642), offered to staff as one-tap buttons. */
  discountPresets?: readonly DiscountPreset[];
  onDone?: (done: CheckoutDone) => void;
  onRefused?: () => void;
}) {
  const { reservationId, token, onRefused } = props;
  const t = useTexts(localizedCheckoutTexts);
  const orderTexts = useTexts(localizedOrderTexts);
  const b = useTexts(localizedGuestBillTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen: yenAmount } = useFormat();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<CheckoutDone | null>(null);
  const [addressee, setAddressee] = useState('');
  const [proviso, setProviso] = useState('');
  const [tendered, setTendered] = useState<number | null>(null);

  const fetchBill = useCallback(async () => {
    const r = await tableCall<BillAnswer>(`/api/orders/checkout?reservation_id=${reservationId}`, { token });
    if (r.status === 200 && r.body.success) return setLoad({ state: 'ready', bill: r.body });
    if (r.status === 401) onRefused?.();
    setLoad({ state: 'failed', status: r.status, message: r.status === 0 ? t.cannotReach : (r.body.message ?? r.body.error ?? t.cannotReach) });
  }, [reservationId, token, onRefused, t]);

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
      body: {
        reservation_id: reservationId,
        payment_method: method,
        order_ids: bill.order_ids,
        addressee,
        proviso,
        ...(method === 'cash' && tendered !== null ? { tendered } : {}),
      },
    });
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      const { tendered: handed, change } = r.body;
      const paid: CheckoutDone = {
        total: r.body.total,
        method,
        receipts: [{ url: r.body.receipt_url, label: null }],
        cash: handed !== null && change !== null ? { tendered: handed, change } : null,
      };
      setDone(paid);
      props.onDone?.(paid);
      return;
    }
    if (r.status === 0) return setMessage(t.cannotReach);
    if (r.body.error === 'orders_changed') void fetchBill();
    if (r.status === 401) onRefused?.();
    setMessage(r.body.message ?? r.body.error ?? t.cannotReach);
  };

  const allPaid = (paid: CheckoutDone) => {
    setDone(paid);
    props.onDone?.(paid);
  };
  if (done !== null)
    return (
      <>
        <p className="order-confirmed" role="status" data-testid="checkout-done">
          {props.staff ? t.doneStaff(yenAmount(done.parts ? done.parts.reduce((n, p) => n + p.total, 0) : done.total)) : t.done}
        </p>
        {props.staff && done.cash && <ChangeGiven {...done.cash} />}
        <ReceiptLinks receipts={done.receipts} />
      </>
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
        {t.seat}
        {marks.colon}
        <strong data-testid="checkout-seat">{bill.seat_label}</strong>
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
                <td>
                  {item.reduced ? `${b.reducedMark} ` : ''}
                  {menuNameIn({ name: item.menu_name, name_en: item.menu_name_en }, language)}
                  {item.takeout ? marks.inParens(b.takeout) : ''}
                </td>
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
            {bill.discounts.map((d) => (
              <tr key={d.id} data-testid="checkout-discount">
                <th scope="row" colSpan={2}>
                  {b.discountLine(d.reason)}
                </th>
                <td className="amount">{yenAmount(-d.amount)}</td>
              </tr>
            ))}
            {bill.totals_by_rate.map((r) => (
              <tr key={`${r.rate}-${r.reduced}`} data-testid={`checkout-rate-${r.rate}`}>
                <th scope="row" colSpan={2}>
                  {b.rateTotal(r.rate, r.reduced)}
                </th>
                <td className="amount">
                  {yenAmount(r.amount)}
                  {marks.inParens(`${b.rateTax(r.rate, bill.prices_include_tax)} ${yenAmount(r.tax)}`)}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={2}>
                {bill.totals_by_rate.length > 1 ? b.taxTotal : bill.prices_include_tax ? t.taxIncluded(bill.tax_rate) : t.tax(bill.tax_rate)}
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
      {props.staff && (
        <BillAdjustments
          bill={bill}
          presets={props.discountPresets ?? []}
          onReload={() => void fetchBill()}
          onChanged={(next) => setLoad({ state: 'ready', bill: next })}
        />
      )}
      {bill.order_items.length > 0 && (
        <SplitBill
          key={bill.split ? 'split' : 'whole'}
          bill={bill}
          reservationId={reservationId}
          token={token}
          onChanged={(next) => setLoad({ state: 'ready', bill: next })}
          onAllPaid={allPaid}
        />
      )}
      {bill.order_items.length > 0 && !bill.split && (
        <>
          <details className="receipt-options">
            <summary>{b.receiptOptions}</summary>
            <InputField label={b.addressee} value={addressee} onValue={setAddressee} maxLength={60} />
            <InputField label={b.proviso} value={proviso} onValue={setProviso} maxLength={60} />
          </details>
          <fieldset className="payment-methods">
            <legend>{t.paymentMethod}</legend>
            {METHODS.map((m) => (
              <label key={m}>
                <input type="radio" name="payment_method" value={m} checked={method === m} onChange={() => setMethod(m)} required />
                {t.methods[m]}
              </label>
            ))}
          </fieldset>
          {props.staff && method === 'cash' && <CashTendered total={bill.total} tendered={tendered} onTendered={setTendered} />}
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

/** The receipts of a finished checkout: one link per receipt (a split has one per part). */
export function ReceiptLinks({ receipts }: { receipts: readonly PaidReceipt[] }) {
  const b = useTexts(localizedGuestBillTexts);
  return (
    <ul className="receipt-links" data-testid="checkout-receipts">
      {receipts.map((r) => (
        <li key={r.url}>
          <a href={r.url} className="button secondary" data-testid="receipt-link">
            {r.label ? b.receiptLinkPart(r.label) : b.receiptLink}
          </a>
        </li>
      ))}
    </ul>
  );
}
