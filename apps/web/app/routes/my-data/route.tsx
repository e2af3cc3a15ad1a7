import { Link } from 'react-router';
import type { Route } from './+types/route';
import { getUser } from '#app/auth/session.server';
import { appOf, correlationIdOf } from '#app/context';
import { useFormat, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { MessageCard } from '#app/shared/message-card';
import { guestData } from '#app/privacy/guest-data.server';
import { localizedGuestPrivacyTexts } from '#app/privacy/texts';
import { localizedReservationTexts } from '#app/reservation/texts';
import { localizedGuestMarks } from '#app/table-order/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = titleMeta(localizedGuestPrivacyTexts, (t) => t.myDataTitle);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/**
 * /my-data: what the cafe holds on the signed-in guest, readable (decision 186):
 * the same as the JSON download, recorded the same way. Only with a verified e-mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) return { state: 'signed-out' as const };
  if (!user.emailVerified) return { state: 'unverified' as const };
  const app = appOf(context);
  const data = await guestData(app, user.email, user);
  await app.services.privacy.recordDownload(
    { reservationIds: data.reservations.map((r) => r.id), requestedBy: 'guest' },
    { actor: user.id, correlationId: correlationIdOf(context), storeId: null },
  );
  return { state: 'shown' as const, data };
}

export default function MyData({ loaderData }: Route.ComponentProps) {
  const p = useTexts(localizedGuestPrivacyTexts);
  const t = useTexts(localizedReservationTexts);
  const marks = useTexts(localizedGuestMarks);
  const format = useFormat();
  if (loaderData.state === 'signed-out')
    return (
      <article className="page rsv-page">
        <MessageCard className="rsv-card" title={p.myDataTitle} body={p.signInFirst} link={{ to: '/login?redirectTo=/my-data', label: t.login }} />
      </article>
    );
  if (loaderData.state === 'unverified')
    return (
      <article className="page rsv-page">
        <MessageCard className="rsv-card" title={p.myDataTitle} body={p.forgetNeedsVerified} link={{ to: '/my-reservations', label: t.myReservationsTitle }} />
      </article>
    );
  const { account, reservations } = loaderData.data;
  return (
    <article className="page rsv-page">
      <h1>{p.myDataTitle}</h1>
      <p>
        <a href="/api/my-data" download>
          {p.downloadMyData}
        </a>{' '}
        <Link to="/my-reservations">{t.myReservationsTitle}</Link>
      </p>
      {account && (
        <section className="card rsv-card" aria-labelledby="account-title">
          <h2 id="account-title">{p.accountTitle}</h2>
          <dl>
            <dt>{t.name}</dt>
            <dd>{account.name}</dd>
            <dt>{p.email}</dt>
            <dd>{account.email}</dd>
          </dl>
        </section>
      )}
      <h2>{p.reservationsTitle}</h2>
      {reservations.length === 0 ? (
        <p className="empty">{t.noReservations}</p>
      ) : (
        <ul className="rsv-list" data-testid="my-data-reservations">
          {reservations.map((r) => (
            <li key={r.id} className="card rsv-card">
              <p>{`${format.date(r.date)} ${r.time} ・ ${t.peopleOption(r.people)}`}</p>
              <dl>
                <dt>{t.name}</dt>
                <dd>{r.name}</dd>
                <dt>{p.email}</dt>
                <dd>{r.email}</dd>
                <dt>{t.phone}</dt>
                <dd>{r.phone}</dd>
                <dt>{p.optionsLabel}</dt>
                <dd>{Object.values(r.options).flat().join(marks.list) || '—'}</dd>
                <dt>{p.ordersLabel}</dt>
                <dd>{r.orders.length === 0 ? '—' : r.orders.map((o) => o.items.map((i) => `${i.menu_name} × ${i.quantity}`).join(marks.list)).join(' / ')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
