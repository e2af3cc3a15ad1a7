import { Form, Link } from 'react-router';
import { pageLanguageOf, textsIn, useFormat, useTexts } from '#app/i18n/language';
import { z } from 'zod';
import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { formAction } from '#app/http/form-action.server';
import { japaneseIssue } from '#app/http/field-errors';
import { getUser } from '#app/auth/session.server';
import { appOf } from '#app/context';
import { titleMeta } from '#app/layout/texts';
import { MessageCard } from '#app/shared/message-card';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';
import { localizedGuestPrivacyTexts, privacyTexts } from '#app/privacy/texts';
import { correctionSchema } from '#app/privacy/guest-data.server';

export const meta = titleMeta(localizedReservationTexts, (t) => t.myReservationsTitle);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/**
 * /my-reservations: the signed-in customer's reservations, upcoming and past, with a cancel link
 * for upcoming ones: the ones made signed in to this account, and — once the account's e-mail is
 * verified (a mailed single-use link), never before — the ones made as a guest with that e-mail
 * (decision 051).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) return { signedIn: false as const };
  const { queries, runtime } = appOf(context);
  const now = runtime.clock.now();
  const rows = await queries.reservations.mine({ accountId: user.id, verifiedEmail: user.emailVerified ? user.email : null }, now);
  const today = tokyoDateOf(now);
  const t = textsIn(localizedReservationTexts, pageLanguageOf(request));
  const shown = rows.map((r) => ({
    id: r.id,
    number: r.reservation_number ?? r.id,
    date: r.reservation_date,
    time: r.reservation_time,
    people: r.people,
    menuName: r.menu_name ?? '',
    status: r.status === 'cancelled' ? t.statusCancelled : r.email_confirm_status === '1' ? t.statusConfirmed : t.statusAwaiting,
    cancellable: r.status !== 'cancelled' && r.status !== 'no_show' && r.reservation_date >= today,
    email: r.email,
  }));
  return {
    signedIn: true as const,
    emailVerified: user.emailVerified,
    upcoming: shown.filter((r) => r.date >= today).sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time)),
    past: shown.filter((r) => r.date < today),
  };
}

const actionSchema = z.union([
  z.object({ intent: z.literal('forget'), confirm: z.literal('on').optional() }),
  z.object({ intent: z.literal('correct'), name: z.string(), phone: z.string() }),
  z.object({ intent: z.literal('resend').optional() }),
]);

/**
 * Mails a new verification link to the signed-in account's address (the old one stops working);
 * or, with `intent=forget` and the consent box ticked, forgets the guest of the account's verified
 * e-mail (decisions 180–186): the same use case as POST /api/admin/guests/erase.
 */
export const action = formAction({
  roles: 'anyone',
  // Anything else the form sends asks for the verification mail again.
  form: actionSchema.catch({}),
  async handle({ form, user, services, command, readYourWrites, request }) {
    if (!user) return { resent: false };
    const p = textsIn(localizedGuestPrivacyTexts, pageLanguageOf(request));
    if (form.intent === 'correct') {
      if (!user.emailVerified) return { resent: false, correctError: p.forgetNeedsVerified };
      const correction = correctionSchema.safeParse(form, { error: japaneseIssue });
      if (!correction.success) return { resent: false, correctError: correction.error.issues[0]!.message };
      const corrected = await services.privacy.correct({ email: user.email, ...correction.data }, { ...command, storeId: null });
      await readYourWrites(corrected.position);
      return { resent: false, corrected: corrected.corrected };
    }
    if (form.intent === 'forget') {
      if (!user.emailVerified) return { resent: false, forgetError: p.forgetNeedsVerified };
      if (!('confirm' in form) || form.confirm !== 'on') return { resent: false, forgetError: p.forgetNotConfirmed };
      const erased = await services.privacy.forget(
        { email: user.email, reason: privacyTexts.guestReason, requestedBy: 'guest' },
        { ...command, storeId: null },
      );
      await readYourWrites(erased.position);
      return { resent: false, forgotten: erased.reservations };
    }
    await services.accounts.resendVerification(user.id, command, pageLanguageOf(request));
    return { resent: true };
  },
});

export default function MyReservations({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTexts(localizedReservationTexts);
  const p = useTexts(localizedGuestPrivacyTexts);
  const format = useFormat();
  if (!loaderData.signedIn)
    return (
      <article className="page rsv-page">
        <MessageCard
          className="rsv-card"
          title={t.myReservationsTitle}
          body={t.signInFirst}
          link={{ to: '/login?redirectTo=/my-reservations', label: t.login }}
        />
      </article>
    );
  const list = (items: typeof loaderData.upcoming, testId: string) =>
    items.length === 0 ? (
      <p className="empty">{t.noReservations}</p>
    ) : (
      <ul className="rsv-list" data-testid={testId}>
        {items.map((r) => (
          <li key={r.id} className="card rsv-card">
            <p>{`${format.date(r.date)} ${r.time} ・ ${t.peopleOption(r.people)} ・ ${r.menuName}`}</p>
            <p>
              {t.numberLabel}：{r.number} ・ {r.status}
            </p>
            {r.cancellable && (
              <Link
                to={`/reservation/cancel?reservation_id=${encodeURIComponent(r.id)}&email=${encodeURIComponent(r.email)}`}
                aria-label={t.cancelReservationOf(format.date(r.date), r.time)}
              >
                {t.cancelThisReservation}
              </Link>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <article className="page rsv-page">
      <h1>{t.myReservationsTitle}</h1>
      {!loaderData.emailVerified && (
        <Form method="post" className="notice" role="note">
          <p>{actionData?.resent ? t.verificationResent : t.emailNotVerified}</p>
          <button type="submit" className="button secondary">
            {t.resendVerification}
          </button>
        </Form>
      )}
      <h2>{t.upcoming}</h2>
      {list(loaderData.upcoming, 'upcoming')}
      <h2>{t.past}</h2>
      {list(loaderData.past, 'past')}
      {loaderData.emailVerified && (
        <section className="card rsv-card" aria-labelledby="correct-title">
          <h2 id="correct-title">{p.correctTitle}</h2>
          <p>
            <Link to="/my-data">{p.seeMyData}</Link>{' '}
            <a href="/api/my-data" download>
              {p.downloadMyData}
            </a>
          </p>
          {actionData && 'corrected' in actionData && actionData.corrected !== undefined ? (
            <p role="status">{p.corrected(actionData.corrected)}</p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="correct" />
              <label>
                {t.name}
                <input name="name" autoComplete="name" required maxLength={50} />
              </label>
              <label>
                {t.phone}
                <input name="phone" type="tel" autoComplete="tel" required />
              </label>
              {actionData && 'correctError' in actionData && <p role="alert">{actionData.correctError}</p>}
              <button type="submit" className="button secondary">
                {p.correctButton}
              </button>
            </Form>
          )}
        </section>
      )}
      <section className="card rsv-card" aria-labelledby="forget-title">
        <h2 id="forget-title">{p.forgetTitle}</h2>
        {actionData && 'forgotten' in actionData && actionData.forgotten !== undefined ? (
          <p role="status">{p.forgotten(actionData.forgotten)}</p>
        ) : loaderData.emailVerified ? (
          <Form method="post">
            <p>{p.forgetBody}</p>
            <input type="hidden" name="intent" value="forget" />
            <label>
              <input type="checkbox" name="confirm" required /> {p.forgetConfirm}
            </label>
            {actionData && 'forgetError' in actionData && <p role="alert">{actionData.forgetError}</p>}
            <button type="submit" className="button secondary">
              {p.forgetButton}
            </button>
          </Form>
        ) : (
          <p>{p.forgetNeedsVerified}</p>
        )}
      </section>
    </article>
  );
}
