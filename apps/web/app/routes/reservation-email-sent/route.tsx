import { Link, useSearchParams } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { storeParamTitleMeta } from '#app/layout/store-title';
import { openStoreNames } from '#app/layout/store-title.server';
import { STORE_PARAM } from '#app/reservation/store-choice';
import type { Route } from './+types/route';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = storeParamTitleMeta(localizedReservationTexts, (t) => t.emailSentTitle, STORE_PARAM);

/** The open stores' names, for the title naming the chosen store (decision 414); the store does not change within the page. */
export function loader({ context }: Route.LoaderArgs) {
  return openStoreNames(context);
}
export const shouldRevalidate = () => false;
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
