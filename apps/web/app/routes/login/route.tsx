import { useEffect, type ReactNode } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { formAction } from '#app/http/form-action.server';
import { logIn, register } from '#app/auth/login.server';
import { areaHomeOf } from '#app/auth/area-home';
import { verifyCode } from '#app/auth/second-factor.server';
import { localizedSecondFactorTexts } from '#app/auth/second-factor-texts';
import { PasskeySignInButton } from '#app/auth/passkey-buttons';
import { safeRedirectTarget } from '#app/auth/require-role.server';
import { getUser } from '#app/auth/session.server';
import '#app/auth/auth.css';
import { LogoutButton } from '#app/auth/logout-button';
import { forgetTabletScreens } from '#app/areas/tablet-app';
import { authTextsIn, localizedAuthTexts } from '#app/auth/texts';
import { pageLanguageOf, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { getRuntime } from '#app/context';
import { isLineInAppBrowser, withOpenExternalBrowser } from '#app/routes/moncafe/line-browser';
import { InputField } from '#app/shared/fields';

export const meta = titleMeta(localizedAuthTexts, (t) => t.loginTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getUser(request, context);
  const { oidc } = getRuntime(context).config;
  return {
    user: user ? { name: user.name, email: user.email } : null,
    // Empty when no page sent the person here: the action then takes them to their area's home.
    redirectTo: safeRedirectTarget(url.searchParams.get('redirectTo'), ''),
    lineInApp: isLineInAppBrowser(request.headers.get('user-agent') ?? ''),
    externalBrowserUrl: withOpenExternalBrowser(`${url.pathname}${url.search}`),
    oidcName: oidc?.name ?? null,
  };
}

type ActionData = {
  intent: 'login' | 'register' | 'mfa';
  error?: string;
  notice?: string;
  fieldErrors?: Record<string, string>;
  /** The password was right and the second factor is awaited (decision 540). */
  methods?: ('totp' | 'passkey')[];
};

export const action = formAction({
  roles: 'anyone',
  form: 'raw',
  async handle({ form, request, context, services }) {
    const body = form as Record<string, unknown> | null;
    const intent = body?.intent === 'register' ? 'register' : body?.intent === 'mfa' ? 'mfa' : 'login';
    // Where to go afterwards is settled before anything is written (a bad target once failed after the session row existed).
    const target = safeRedirectTarget(typeof body?.redirectTo === 'string' ? body.redirectTo : null, '');
    if (intent === 'mfa') {
      const verified = await verifyCode(request, context, typeof body?.code === 'string' ? body.code.slice(0, 32) : '');
      if (!verified.ok) {
        const headers: HeadersInit = verified.retryAfterSeconds !== undefined ? { 'Retry-After': String(verified.retryAfterSeconds) } : {};
        return data<ActionData>({ intent, error: verified.error, methods: ['totp'] }, { status: verified.status, headers });
      }
      const headers = new Headers();
      for (const setCookie of verified.setCookies) headers.append('Set-Cookie', setCookie);
      const user = await services.accounts.signedInUser(verified.accountId);
      throw redirect(target || areaHomeOf(user?.roles ?? ['customer']), { headers });
    }
    const outcome = intent === 'register' ? await register(request, context, body) : await logIn(request, context, body);
    if (outcome.ok && 'mailed' in outcome) return data<ActionData>({ intent, notice: outcome.notice });
    if (outcome.ok && 'mfaRequired' in outcome)
      return data<ActionData>({ intent: 'mfa', methods: outcome.methods }, { headers: { 'Set-Cookie': outcome.setCookie } });
    const security = (next: string) => `/account/security?next=${encodeURIComponent(next)}`;
    if (outcome.ok && 'enrolRequired' in outcome) throw redirect(security(target || '/moncafe'), { headers: { 'Set-Cookie': outcome.setCookie } });
    // A second factor this account must have is missing: the first stop is adding one (decision 540).
    if (outcome.ok) {
      const home = target || areaHomeOf(outcome.user.roles);
      throw redirect(outcome.deadline ? security(home) : home, { headers: { 'Set-Cookie': outcome.setCookie } });
    }
    const t = authTextsIn(pageLanguageOf(request));
    const message = intent === 'register' ? t.registrationFailed(outcome.error) : t.loginFailed(outcome.error);
    const headers: HeadersInit = outcome.retryAfterSeconds !== undefined ? { 'Retry-After': String(outcome.retryAfterSeconds) } : {};
    return data<ActionData>(
      { intent, error: message, ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}) },
      { status: outcome.status, headers },
    );
  },
});

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const authTexts = useTexts(localizedAuthTexts);
  const factorTexts = useTexts(localizedSecondFactorTexts);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { user, redirectTo, lineInApp, externalBrowserUrl, oidcName } = loaderData;
  const failed = actionData as ActionData | undefined;
  const form = { redirectTo, busy, failed };
  // Someone is about to sign in: a shared tablet forgets the screens it kept for the person before.
  useEffect(() => {
    if (!user) void forgetTabletScreens();
  }, [user]);

  if (user) {
    return (
      <section className="auth-page">
        <h1>{authTexts.loginTitle}</h1>
        <p>{authTexts.signedInAs(user.name)}</p>
        <p>
          <Link to="/account/security">{factorTexts.securityLink}</Link>
        </p>
        <LogoutButton />
      </section>
    );
  }

  if (failed?.intent === 'mfa') {
    return (
      <section className="auth-page">
        <Form method="post" className="auth-form panel" aria-labelledby="mfa-title">
          <h1 id="mfa-title">{factorTexts.stepTitle}</h1>
          <input type="hidden" name="intent" value="mfa" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {failed.methods?.includes('totp') && (
            <>
              <p>{factorTexts.stepLead}</p>
              <InputField
                label={factorTexts.code}
                name="code"
                type="text"
                autoComplete="one-time-code"
                required
                maxLength={32}
                aria-describedby="mfa-code-hint"
              />
              <p id="mfa-code-hint" className="hint">
                {factorTexts.codeHint}
              </p>
              {failed.error && (
                <p className="form-error" role="alert">
                  {failed.error}
                </p>
              )}
              <button type="submit" className="button" disabled={busy}>
                {factorTexts.verifyButton}
              </button>
            </>
          )}
          {failed.methods?.includes('passkey') && <PasskeySignInButton redirectTo={redirectTo} label={factorTexts.usePasskey} />}
        </Form>
      </section>
    );
  }

  return (
    <section className="auth-page">
      {lineInApp && (
        <div className="notice" role="note">
          <p>{authTexts.lineInAppNotice}</p>
          <a href={externalBrowserUrl} className="button">
            {authTexts.openExternalBrowser}
          </a>
        </div>
      )}

      <div className="auth-forms">
        <AuthForm
          {...form}
          intent="login"
          heading="h1"
          title={authTexts.loginTitle}
          submitLabel={authTexts.loginButton}
          after={
            <>
              <PasskeySignInButton redirectTo={redirectTo} label={factorTexts.passkeySignIn} />
              {oidcName && (
                <Link reloadDocument to={`/auth/oidc?redirectTo=${encodeURIComponent(redirectTo)}`} className="button secondary">
                  {authTexts.orSignInWith(oidcName)}
                </Link>
              )}
            </>
          }
        >
          <InputField label={authTexts.email} name="email" type="email" autoComplete="username" required maxLength={254} />
          <InputField label={authTexts.password} name="password" type="password" autoComplete="current-password" required maxLength={128} />
        </AuthForm>

        <AuthForm {...form} intent="register" heading="h2" title={authTexts.signUpTitle} submitLabel={authTexts.signUpButton}>
          <InputField label={authTexts.name} name="name" type="text" autoComplete="name" required maxLength={50} />
          <InputField label={authTexts.email} name="email" type="email" autoComplete="email" required maxLength={254} />
          <InputField
            label={authTexts.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            aria-describedby="password-hint"
          />
          <p id="password-hint" className="hint">
            {authTexts.passwordHint}
          </p>
        </AuthForm>
      </div>
    </section>
  );
}

/**
 * What the login and sign-up forms share: the intent the action reads, where to go afterwards,
 * this form's failure (not the other's) and a submit button held while a submission runs.
 */
function AuthForm(props: {
  intent: ActionData['intent'];
  /** The login form heads the page (h1); sign-up comes second (h2). */
  heading: 'h1' | 'h2';
  title: string;
  submitLabel: string;
  redirectTo: string;
  busy: boolean;
  failed: ActionData | undefined;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { intent, failed, heading: Heading } = props;
  return (
    <Form method="post" className="auth-form panel" aria-labelledby={`${intent}-title`}>
      <Heading id={`${intent}-title`}>{props.title}</Heading>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      {props.children}
      {failed?.intent === intent && failed.error && (
        <p className="form-error" role="alert">
          {failed.error}
        </p>
      )}
      {failed?.intent === intent && failed.notice && (
        <p className="form-notice" role="status">
          {failed.notice}
        </p>
      )}
      <button type="submit" className="button" disabled={props.busy}>
        {props.submitLabel}
      </button>
      {props.after}
    </Form>
  );
}
