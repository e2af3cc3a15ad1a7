import { useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { DomainError } from '@moncafe/domain/decider';
import { getUser } from '#app/auth/session.server';
import { appOf } from '#app/context';
import { textsIn, pageLanguageOf, useTexts } from '#app/i18n/language';
import { LanguageSwitch } from '#app/layout/language-switch';
import { titleMeta } from '#app/layout/texts';
import { receiptAnswer } from '#app/billing/answers';
import { validReceiptKey } from '#app/billing/receipt-link.server';
import { ReceiptView, type Paper } from '#app/billing/receipt-view';
import { localizedReceiptTexts } from '#app/billing/texts';
import { tableCall } from '#app/table-order/table-call';
import receiptCss from '#app/billing/receipt.css?url';
import type { Answer as CancelAnswer } from '#app/routes/api/receipts/$id/cancel/route';
import { CorrectionForm } from './correction-form';

export const meta = titleMeta(localizedReceiptTexts, (t) => t.receiptTitle);
export const links = () => [{ rel: 'stylesheet', href: receiptCss }];
/** Only the receipt on the page: no site header or footer to print. */
export const handle = { staffFrame: true };

const paperSchema = z.enum(['58', '80', 'a4']).catch('80');

/** /receipts/{id}?paper=58|80|a4: the print view, for staff or with the guest link's key (decision 240). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = z.uuid().safeParse(params.id);
  const key = url.searchParams.get('key');
  const { services, runtime } = appOf(context);
  const user = await getUser(request, context);
  const staff = user !== null && (user.roles.includes('admin') || user.roles.includes('monitor'));
  const t = textsIn(localizedReceiptTexts, pageLanguageOf(request));
  if (!id.success || (!staff && !validReceiptKey(runtime.signing, id.data, key))) throw data(t.receiptNotFound, { status: 404 });
  try {
    const receipt = await services.billing.receipt({ receiptId: id.data, auth: staff ? { kind: 'staff' } : { kind: 'link' } });
    return { receipt: receiptAnswer(receipt), paper: paperSchema.parse(url.searchParams.get('paper')), staff, key };
  } catch (error) {
    if (error instanceof DomainError) throw data(t.receiptNotFound, { status: 404 });
    throw error;
  }
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, paper, staff, key } = loaderData;
  const t = useTexts(localizedReceiptTexts);
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [cancelled, setCancelled] = useState<CancelAnswer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const query = (p: Paper) => `?paper=${p}${key ? `&key=${encodeURIComponent(key)}` : ''}`;
  const reissue = async () => {
    const r = await tableCall(`/api/receipts/${receipt.id}/reissue`, { method: 'POST', body: {} });
    if (r.status !== 200) return setMessage(r.body.message ?? t.receiptNotFound);
    await revalidator.revalidate();
    window.print();
  };
  const cancel = async () => {
    const r = await tableCall<CancelAnswer>(`/api/receipts/${receipt.id}/cancel`, { body: { reason } });
    if (r.status !== 200 || !r.body.success) return setMessage(r.body.message ?? t.receiptNotFound);
    setCancelled(r.body);
    await revalidator.revalidate();
  };
  return (
    <div className="receipt-page" data-testid="receipt-page">
      <nav className="receipt-tools" aria-label={t.paper}>
        {(['58', '80', 'a4'] as const).map((p) => (
          <Link key={p} className={p === paper ? 'button' : 'button secondary'} to={query(p)} aria-current={p === paper ? 'page' : undefined}>
            {t.papers[p]}
          </Link>
        ))}
        <button type="button" className="button" onClick={() => window.print()}>
          {t.print}
        </button>
        <a className="button secondary" href={`/receipts/${receipt.id}/pdf${query(paper)}`} download data-testid="receipt-pdf">
          {t.pdf}
        </a>
        {/* The page has no site header (nothing but the receipt prints): the guest's switch sits with the tools. */}
        <LanguageSwitch />
        {staff && (
          <button type="button" className="button secondary" onClick={() => void reissue()} data-testid="receipt-reissue">
            {t.reissue}
          </button>
        )}
      </nav>
      {message && (
        <p className="order-message error no-print" role="alert">
          {message}
        </p>
      )}
      <ReceiptView receipt={receipt} paper={paper} />
      {staff && receipt.kind === 'sale' && !receipt.cancelled_by && (
        <section className="receipt-refund panel">
          <h2>{t.refund}</h2>
          <label className="field">
            {t.refundReason}
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="refund-reason" />
          </label>
          <button type="button" className="button" disabled={reason.trim() === ''} onClick={() => void cancel()} data-testid="refund">
            {t.refundDo}
          </button>
        </section>
      )}
      {/* Keyed by the receipt: its answer stays with the receipt it corrected, not the one the link opens. */}
      {staff && receipt.kind === 'sale' && <CorrectionForm key={receipt.id} receipt={receipt} onRefused={setMessage} />}
      {cancelled && (
        <p className="receipt-refund no-print" role="status" data-testid="refund-done">
          <Link to={`/receipts/${cancelled.receipt_id}`}>{t.refundDone(cancelled.number)}</Link>
        </p>
      )}
    </div>
  );
}
