import { useState } from 'react';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Answer as BillAnswer } from '#app/routes/api/orders/checkout/route';
import type { Answer as SplitAnswer } from '#app/routes/api/orders/split/route';
import type { Answer as PayAnswer } from '#app/routes/api/orders/split/pay/route';
import { useFormat, useTexts } from '#app/i18n/language';
import { menuNameIn } from './presentation';
import type { CheckoutDone } from './paid';
import { tableCall } from './table-call';
import { localizedCheckoutTexts, localizedGuestBillTexts, localizedGuestMarks } from './texts';

const METHODS: readonly PaymentMethod[] = ['cash', 'credit', 'electronic', 'qr'];

/**
 * Splitting a bill (decision 240): into N equal parts (the remainder on the first) or by
 * items (each line to a part); then each part paid by its own method with its own receipt. The
 * visit ends when the last part is paid (`onAllPaid`).
 */
export function SplitBill(props: {
  bill: BillAnswer;
  reservationId: string;
  token: string | null;
  onChanged: (bill: BillAnswer) => void;
  onAllPaid: (done: CheckoutDone) => void;
}) {
  const { bill, reservationId, token } = props;
  const t = useTexts(localizedCheckoutTexts);
  const b = useTexts(localizedGuestBillTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen: yenAmount } = useFormat();
  const [mode, setMode] = useState<'equal' | 'items'>('equal');
  const [parts, setParts] = useState(2);
  const [assign, setAssign] = useState<number[]>(() => bill.order_items.map((_, i) => i % 2));
  const [methods, setMethods] = useState<Record<string, PaymentMethod>>({});
  const [links, setLinks] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const split = async () => {
    setBusy(true);
    setMessage(null);
    const body =
      mode === 'equal'
        ? { reservation_id: reservationId, mode, parts }
        : {
            reservation_id: reservationId,
            mode,
            parts: Array.from({ length: parts }, (_, p) =>
              bill.order_items.flatMap((item, line) => (assign[line] === p ? [{ line, quantity: item.quantity }] : [])),
            ),
          };
    const r = await tableCall<SplitAnswer>('/api/orders/split', { token, body });
    setBusy(false);
    if (r.status === 200 && r.body.success) return props.onChanged(r.body as BillAnswer);
    setMessage(r.body.message ?? b.splitFailed);
  };

  const pay = async (partId: string) => {
    const method = methods[partId];
    if (!method) return window.alert(t.chooseMethod);
    setBusy(true);
    setMessage(null);
    const r = await tableCall<PayAnswer>('/api/orders/split/pay', { token, body: { reservation_id: reservationId, part_id: partId, payment_method: method } });
    setBusy(false);
    if (r.status !== 200 || !r.body.success) return setMessage(r.body.message ?? b.splitFailed);
    const answer = r.body;
    setLinks((l) => ({ ...l, [partId]: answer.receipt_url }));
    if (answer.all_paid) {
      const split = bill.split!;
      // The guest who paid last is told what they paid and how, and what each part came to.
      const paying = split.parts.find((p) => p.part_id === partId);
      props.onAllPaid({
        total: paying?.total ?? 0,
        method,
        parts: split.parts.map((p) => ({ label: p.label, total: p.total, method: p.part_id === partId ? method : (p.paid?.payment_method ?? method) })),
        receipts: answer.receipt_urls.map((url, i) => ({ url, label: split.parts[i]?.label ?? null })),
      });
      return;
    }
    props.onChanged({
      ...bill,
      split: bill.split && {
        ...bill.split,
        parts: bill.split.parts.map((p) =>
          p.part_id === partId ? { ...p, paid: { payment_method: method, receipt_id: answer.receipt_id, receipt_number: answer.receipt_number } } : p,
        ),
      },
    });
  };

  if (!bill.split)
    return (
      <details className="split-bill" data-testid="split-bill">
        <summary>{b.split}</summary>
        <fieldset>
          <legend>{b.split}</legend>
          <label>
            <input type="radio" name="split-mode" checked={mode === 'equal'} onChange={() => setMode('equal')} /> {b.splitEqual}
          </label>
          <label>
            <input type="radio" name="split-mode" checked={mode === 'items'} onChange={() => setMode('items')} /> {b.splitItems}
          </label>
        </fieldset>
        <label className="field">
          {b.splitParts}
          <input
            type="number"
            min={2}
            max={mode === 'items' ? Math.max(2, bill.order_items.length) : 20}
            value={parts}
            onChange={(e) => setParts(Number(e.target.value) || 2)}
            data-testid="split-parts"
          />
        </label>
        {mode === 'items' && (
          <ul className="split-items">
            {bill.order_items.map((item, line) => (
              <li key={line}>
                <label>
                  {menuNameIn({ name: item.menu_name, name_en: item.menu_name_en }, language)} × {item.quantity}{' '}
                  <select
                    value={assign[line] ?? 0}
                    onChange={(e) => setAssign((a) => a.map((v, i) => (i === line ? Number(e.target.value) : v)))}
                    data-testid={`split-line-${line}`}
                  >
                    {Array.from({ length: parts }, (_, p) => (
                      <option key={p} value={p}>
                        {b.splitPartOf(p + 1)}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ul>
        )}
        {message && (
          <p className="order-message error" role="alert">
            {message}
          </p>
        )}
        <button type="button" className="button secondary" disabled={busy} onClick={() => void split()} data-testid="split-do">
          {b.splitDo}
        </button>
      </details>
    );

  return (
    <section className="split-parts" data-testid="split-parts-list">
      {bill.split.parts.map((part) => (
        <div key={part.part_id} className="panel split-part" data-testid="split-part">
          <h3>
            {b.splitPart(part.label)}
            {marks.colon}
            <strong data-testid="split-part-total">{yenAmount(part.total)}</strong>
          </h3>
          <ul>
            {part.totals_by_rate.map((r) => (
              <li key={`${r.rate}-${r.reduced}`}>
                {b.ratePart(r.rate, r.reduced)} {yenAmount(r.amount)}
                {marks.inParens(`${b.ratePartTax(r.rate)} ${yenAmount(r.tax)}`)}
              </li>
            ))}
          </ul>
          {part.paid ? (
            <p data-testid="split-part-paid">
              {b.splitPaid(b.methods[part.paid.payment_method], part.paid.receipt_number)}{' '}
              {links[part.part_id] && <a href={links[part.part_id]}>{b.receiptLink}</a>}
            </p>
          ) : (
            <>
              <fieldset className="payment-methods">
                <legend>{t.paymentMethod}</legend>
                {METHODS.map((m) => (
                  <label key={m}>
                    <input
                      type="radio"
                      name={`method-${part.part_id}`}
                      value={m}
                      checked={methods[part.part_id] === m}
                      onChange={() => setMethods((x) => ({ ...x, [part.part_id]: m }))}
                    />
                    {t.methods[m]}
                  </label>
                ))}
              </fieldset>
              <button type="button" className="button" disabled={busy} onClick={() => void pay(part.part_id)} data-testid="split-pay">
                {b.splitPay(b.splitPart(part.label))}
              </button>
            </>
          )}
        </div>
      ))}
      {message && (
        <p className="order-message error" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
