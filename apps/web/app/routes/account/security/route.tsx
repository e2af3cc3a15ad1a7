import { data, Form, redirect, useNavigation, useRevalidator } from 'react-router';
import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { formAction } from '#app/http/form-action.server';
import { safeRedirectTarget } from '#app/auth/require-role.server';
import { factorHolder, finishEnrolment } from '#app/auth/second-factor.server';
import { localizedSecondFactorTexts, secondFactorTextsIn } from '#app/auth/second-factor-texts';
import { getUser } from '#app/auth/session.server';
import { AddPasskeyButton } from '#app/auth/passkey-buttons';
import { seatQrSvg } from '#app/table-order/seat-qr.server';
import { pageLanguageOf, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { appOf } from '#app/context';
import { InputField } from '#app/shared/fields';
import '#app/auth/auth.css';

/**
 * /account/security: an account's second factors (decision 540) — an authenticator app with its
 * QR and recovery codes, passkeys — for the signed-in holder, or for a sign-in past its grace that
 * must add one before it goes on.
 */
export const meta = titleMeta(localizedSecondFactorTexts, (t) => t.securityTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const holder = await factorHolder(request, context, await getUser(request, context), undefined);
  const next = safeRedirectTarget(url.searchParams.get('next'), '') || null;
  // Public in the route table (a sign-in past its grace has no session yet): signed out, the page says to sign in.
  if (!holder) return { status: null, enrolling: false, next };
  const status = await appOf(context).services.secondFactors.status(holder.accountId);
  return { status, enrolling: holder.enrolling, next };
}

type ActionData =
  | { intent: 'totp-start'; secret: string; otpauthUrl: string; qrSvg: string }
  | { intent: 'totp-confirm'; recoveryCodes: string[] }
  | { intent: 'removed' }
  | { intent: 'failed'; error: string };

const text = (body: Record<string, unknown> | null, name: string) => (typeof body?.[name] === 'string' ? (body[name] as string).slice(0, 1024) : '');

export const action = formAction({
  roles: 'anyone',
  form: 'raw',
  refused: (error: string) => data<ActionData>({ intent: 'failed', error }, { status: 400 }),
  errors: {
    wrong_password: secondFactorTextsIn('ja').wrongPassword,
    no_password: secondFactorTextsIn('ja').noPassword,
    invalid_code: secondFactorTextsIn('ja').wrongCode,
    totp_exists: secondFactorTextsIn('ja').totpExists,
    no_totp_setup: secondFactorTextsIn('ja').noTotpSetup,
  },
  async handle({ form, request, context, services, user, command }) {
    const body = form as Record<string, unknown> | null;
    const t = secondFactorTextsIn(pageLanguageOf(request));
    const holder = await factorHolder(request, context, user, text(body, 'password'));
    if (!holder) throw redirect('/login');
    const actor = { ...command, actor: holder.accountId };
    switch (body?.intent) {
      case 'totp-start': {
        const { secret, otpauthUrl } = await services.secondFactors.startTotp(holder, actor);
        return data<ActionData>({ intent: 'totp-start', secret, otpauthUrl, qrSvg: await seatQrSvg(otpauthUrl) });
      }
      case 'totp-confirm': {
        const { recoveryCodes } = await services.secondFactors.confirmTotp({ accountId: holder.accountId, code: text(body, 'code') }, actor);
        const headers = new Headers();
        if (holder.enrolling) for (const setCookie of await finishEnrolment(request, context, holder.accountId)) headers.append('Set-Cookie', setCookie);
        return data<ActionData>({ intent: 'totp-confirm', recoveryCodes }, { headers });
      }
      case 'totp-remove':
        await services.secondFactors.removeTotp(holder, actor);
        return data<ActionData>({ intent: 'removed' });
      case 'passkey-remove':
        await services.secondFactors.removePasskey({ ...holder, credentialId: text(body, 'credential_id') }, actor);
        return data<ActionData>({ intent: 'removed' });
      default:
        return data<ActionData>({ intent: 'failed', error: t.signInFirst }, { status: 400 });
    }
  },
});

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTexts(localizedSecondFactorTexts);
  const busy = useNavigation().state !== 'idle';
  const revalidator = useRevalidator();
  const { status, enrolling, next } = loaderData;
  const answer = actionData as ActionData | undefined;
  if (!status) {
    return (
      <section className="auth-page security-page">
        <h1>{t.securityTitle}</h1>
        <p>{t.signInFirst}</p>
        <a className="button" href={`/login?redirectTo=${encodeURIComponent('/account/security')}`}>
          {t.toSignIn}
        </a>
      </section>
    );
  }
  const deadline = status.deadline ? tokyoDateOf(new Date(status.deadline)) : null;
  const askPassword = !enrolling;
  const passwordField = askPassword && (
    <InputField label={t.passwordAgain} name="password" type="password" autoComplete="current-password" required maxLength={128} />
  );

  return (
    <section className="auth-page security-page">
      <h1>{enrolling ? t.enrolTitle : t.securityTitle}</h1>
      {deadline && (
        <p className="notice" role="status">
          {enrolling ? t.enrolLead(deadline) : t.graceNotice(deadline)}
        </p>
      )}
      {answer?.intent === 'failed' && (
        <p className="form-error" role="alert">
          {answer.error}
        </p>
      )}
      {answer?.intent === 'removed' && (
        <p className="form-notice" role="status">
          {t.removed}
        </p>
      )}

      {answer?.intent === 'totp-confirm' ? (
        <div className="panel" aria-labelledby="recovery-title">
          <h2 id="recovery-title">{t.recoveryTitle}</h2>
          <p>{t.recoveryLead}</p>
          <ul className="recovery-codes" aria-label={t.recoveryTitle}>
            {answer.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <a className="button" href={next ?? '/account/security'}>
            {t.continue}
          </a>
        </div>
      ) : (
        <div className="panel" aria-labelledby="totp-title">
          <h2 id="totp-title">{t.totpTitle}</h2>
          {status.totp === 'confirmed' ? (
            <>
              <p>{t.totpOn}</p>
              <p>{t.recoveryLeft(status.recoveryCodesLeft)}</p>
              <Form method="post" onSubmit={(e) => !window.confirm(t.confirmRemove) && e.preventDefault()}>
                <input type="hidden" name="intent" value="totp-remove" />
                {passwordField}
                <button type="submit" className="button secondary" disabled={busy}>
                  {t.totpRemove}
                </button>
              </Form>
            </>
          ) : answer?.intent === 'totp-start' ? (
            <Form method="post">
              <p id="totp-scan">{t.totpScan}</p>
              <div className="totp-qr" role="img" aria-label={t.totpScan} dangerouslySetInnerHTML={{ __html: answer.qrSvg }} />
              <p>
                {t.totpSecret}: <code data-testid="totp-secret">{answer.secret}</code>
              </p>
              <input type="hidden" name="intent" value="totp-confirm" />
              <InputField label={t.code} name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} pattern="[0-9]{6}" />
              <button type="submit" className="button" disabled={busy}>
                {t.totpConfirm}
              </button>
            </Form>
          ) : (
            <Form method="post">
              <p>{t.totpOff}</p>
              <input type="hidden" name="intent" value="totp-start" />
              {passwordField}
              <button type="submit" className="button" disabled={busy}>
                {t.totpStart}
              </button>
            </Form>
          )}
        </div>
      )}

      <div className="panel" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">{t.passkeysTitle}</h2>
        {status.passkeys.length === 0 ? (
          <p>{t.passkeysNone}</p>
        ) : (
          <ul className="passkeys">
            {status.passkeys.map((passkey, i) => (
              <li key={passkey.credentialId}>
                <span>{t.passkeyItem(i + 1)}</span>
                {askPassword && (
                  <Form method="post" onSubmit={(e) => !window.confirm(t.confirmRemove) && e.preventDefault()}>
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="credential_id" value={passkey.credentialId} />
                    {passwordField}
                    <button type="submit" className="button secondary" disabled={busy}>
                      {t.passkeyRemove}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <AddPasskeyButton askPassword={askPassword} onAdded={() => (enrolling ? window.location.assign(next ?? '/moncafe') : void revalidator.revalidate())} />
      </div>
    </section>
  );
}
