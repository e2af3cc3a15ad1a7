import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { ReceiptAnswer } from '#app/billing/answers';
import { localizedReceiptTexts } from '#app/billing/texts';
import { useTexts } from '#app/i18n/language';
import { tableCall } from '#app/table-order/table-call';
import type { Answer as CorrectAnswer } from '#app/routes/api/receipts/$id/correct/route';

/**
 * Staff correct a receipt (訂正, decision 648) where they cancel one: 宛名, 但し書き and the payment
 * method as the receipt has them, to change, and a reason. One call issues the 赤伝 and the
 * corrected receipt; the answer links to the corrected one, and stays once the page shows the
 * receipt corrected.
 */
export function CorrectionForm({ receipt, onRefused }: { receipt: ReceiptAnswer; onRefused: (message: string) => void }) {
  const t = useTexts(localizedReceiptTexts);
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [addressee, setAddressee] = useState(receipt.addressee ?? '');
  const [proviso, setProviso] = useState(receipt.proviso ?? '');
  const [method, setMethod] = useState<PaymentMethod>(receipt.payment_method);
  const [done, setDone] = useState<CorrectAnswer | null>(null);
  const correct = async () => {
    const body = { reason, addressee, proviso, payment_method: method };
    const r = await tableCall<CorrectAnswer>(`/api/receipts/${receipt.id}/correct`, { body });
    if (r.status !== 200 || !r.body.success) return onRefused(r.body.message ?? t.receiptNotFound);
    setDone(r.body);
    await revalidator.revalidate();
  };
  if (done)
    return (
      <p className="receipt-refund no-print" role="status" data-testid="correct-done">
        <Link to={`/receipts/${done.corrected.receipt_id}`}>{t.correctDone(done.cancellation.number, done.corrected.number)}</Link>
      </p>
    );
  // A receipt cancelled or corrected is not corrected again (its corrected receipt is).
  if (receipt.cancelled_by) return null;
  return (
    <section className="receipt-refund panel">
      <h2>{t.correct}</h2>
      <label className="field">
        {t.addressee}
        <input value={addressee} onChange={(e) => setAddressee(e.target.value)} maxLength={60} data-testid="correct-addressee" />
      </label>
      <label className="field">
        {t.proviso}
        <input value={proviso} onChange={(e) => setProviso(e.target.value)} maxLength={60} data-testid="correct-proviso" />
      </label>
      <label className="field">
        {t.method}
        <select value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)} data-testid="correct-method">
          {(Object.keys(t.methods) as PaymentMethod[]).map((m) => (
            <option key={m} value={m}>
              {t.methods[m]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t.correctReason}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="correct-reason" />
      </label>
      <button type="button" className="button" disabled={reason.trim() === ''} onClick={() => void correct()} data-testid="correct">
        {t.correctDo}
      </button>
    </section>
  );
}
