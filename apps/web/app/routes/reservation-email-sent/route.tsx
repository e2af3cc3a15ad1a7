import { Link, useSearchParams } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = titleMeta(localizedReservationTexts, (t) => t.emailSentTitle);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/** /reservation-email-sent?email=: the mail is on its way; the link inside is valid 5 minutes. */
export default function ReservationEmailSent() {
  const t = useTexts(localizedReservationTexts);
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  return (
    <article className="page rsv-page">
      <h1>{t.emailSentTitle}</h1>
      <p className="card rsv-card" data-testid="email-sent">
        {email ? t.emailSentBody(email) : t.emailSentBodyNoAddress}
      </p>
      <Link to="/moncafe" className="button">
        {t.home}
      </Link>
    </article>
  );
}
