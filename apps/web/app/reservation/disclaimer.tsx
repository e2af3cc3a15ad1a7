import { useEffect, useId, useState } from 'react';
import { useTexts } from '#app/i18n/language';
import { callJson } from '#app/http/api-client';
import type { Answer as DisclaimerAnswer } from '#app/routes/api/admin/disclaimer/route';
import { localizedReservationTexts } from './texts';

/**
 * The store's disclaimer where the guest confirms (the review step before the confirmation mail
 * is sent, decision 135); nothing when the store has none or it cannot be read.
 */
export function ReservationDisclaimer() {
  const t = useTexts(localizedReservationTexts);
  const [content, setContent] = useState('');
  const headingId = useId();
  useEffect(() => {
    let live = true;
    void callJson<DisclaimerAnswer>('/api/admin/disclaimer', { noStore: true }).then((r) => {
      if (live && r.ok) setContent(r.body.content);
    });
    return () => {
      live = false;
    };
  }, []);
  if (content.trim() === '') return null;
  return (
    <section className="card rsv-card" aria-labelledby={headingId} data-testid="reservation-disclaimer">
      <h2 id={headingId}>{t.disclaimerTitle}</h2>
      <p style={{ whiteSpace: 'pre-wrap' }} data-testid="disclaimer-content">
        {content}
      </p>
      <p className="hint">{t.disclaimerAgree}</p>
    </section>
  );
}
