import { Form } from 'react-router';
import { formatDate } from '#app/i18n/language';
import { yenAmount } from '#app/shared/yen';
import type { ErasurePreview, Span } from './erasure-preview.server';
import { privacyTexts as t } from './texts';

/** What an erasure erased, for its result panel: counts only, never the guest's name or address. */
export interface ErasureResult {
  bookings: number;
  cancelled: number;
  account: boolean;
  mails: number;
  receiptNames: number;
  pictures: number;
}

const spanWords = (span: Pick<Span, 'first' | 'last'>) => (span.first && span.last ? t.span(formatDate(span.first, 'ja'), formatDate(span.last, 'ja')) : '');

/**
 * The erasure's preview (decision 650): what will be erased and what stays, then the
 * confirmation naming the guest, whose button sends the erasure itself.
 */
export function ErasurePreviewPanel({ email, reason, preview, busy }: { email: string; reason: string; preview: ErasurePreview; busy: boolean }) {
  const { erased, kept } = preview;
  const nothing = erased.bookings.count === 0 && !erased.account && erased.mails.count === 0;
  if (nothing) {
    return (
      <p role="status" className="hint">
        {t.nothingToErase}
      </p>
    );
  }
  const guest = preview.name ? t.guestNamed(preview.name, email) : email;
  return (
    <section className="erasure-preview" aria-labelledby="erasure-preview-title" data-testid="erasure-preview">
      <h4 id="erasure-preview-title">{t.previewTitle}</h4>
      <h5>{t.erasedHeading}</h5>
      <ul data-testid="erasure-erased">
        <li>{t.bookings(erased.bookings.count, spanWords(erased.bookings))}</li>
        {erased.cancelled > 0 ? <li>{t.cancelledAhead(erased.cancelled)}</li> : null}
        <li>{t.account(erased.account)}</li>
        <li>{t.mails(erased.mails.count, spanWords(erased.mails))}</li>
        <li>{t.receiptNames(erased.receiptNames.count, spanWords(erased.receiptNames))}</li>
        <li>{t.pictures(erased.pictures.count, spanWords(erased.pictures))}</li>
      </ul>
      <h5>{t.keptHeading}</h5>
      <ul data-testid="erasure-kept">
        <li>{t.keptSales(kept.sales.count, yenAmount(kept.sales.total))}</li>
        <li>{t.keptSeats(kept.seats.visits, kept.seats.people)}</li>
        <li>{t.keptReceipts(kept.receipts.count, yenAmount(kept.receipts.total))}</li>
      </ul>
      <Form method="post" className="erasure-confirm">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="reason" value={reason} />
        <p role="alert" className="error">
          {t.confirmGuest(guest)}
        </p>
        <button type="submit" className="button danger" disabled={busy}>
          {t.confirmButton(guest)}
        </button>{' '}
        <a className="button secondary" href="?">
          {t.cancelErase}
        </a>
      </Form>
    </section>
  );
}

/** The erasure's result: what was erased, by count. */
export function ErasureResultPanel({ result }: { result: ErasureResult }) {
  return (
    <section role="status" className="erasure-result" aria-labelledby="erasure-result-title" data-testid="erasure-result">
      <h4 id="erasure-result-title">{t.resultTitle}</h4>
      <ul>
        <li>{t.resultBookings(result.bookings, result.cancelled)}</li>
        {result.account ? <li>{t.resultAccount}</li> : null}
        <li>{t.resultMails(result.mails)}</li>
        <li>{t.resultReceiptNames(result.receiptNames)}</li>
        <li>{t.resultPictures(result.pictures)}</li>
      </ul>
      <p>{t.resultLead}</p>
    </section>
  );
}
