import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { logIn, readBody, register } from '../../auth/login.server';
import { safeRedirectTarget } from '../../auth/require-role.server';
import { getUser } from '../../auth/session.server';
import '../../auth/auth.css';
import { authTexts } from '../../auth/texts';
import { getRuntime } from '../../context';
import { isLineInAppBrowser, withOpenExternalBrowser } from '../home/line-browser';

export const meta: Route.MetaFunction = () => [{ title: `${authTexts.loginTitle} | MonCafe` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getUser(request, context);
  const { oidc } = getRuntime(context).config;
  return {
    user: user ? { name: user.name, email: user.email } : null,
    redirectTo: safeRedirectTarget(url.searchParams.get('redirectTo')),
    lineInApp: isLineInAppBrowser(request.headers.get('user-agent') ?? ''),
    externalBrowserUrl: withOpenExternalBrowser(`${url.pathname}${url.search}`),
    oidcName: oidc?.name ?? null,
  };
}

type ActionData = { intent: 'login' | 'register'; error: string; fieldErrors?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const body = (await readBody(request)) as Record<string, unknown> | null;
  const intent = body?.intent === 'register' ? 'register' : 'login';
  const outcome = intent === 'register' ? await register(request, context, body) : await logIn(request, context, body);
  if (outcome.ok) {
    const target = safeRedirectTarget(typeof body?.redirectTo === 'string' ? body.redirectTo : null);
    throw redirect(target, { headers: { 'Set-Cookie': outcome.setCookie } });
  }
  const message = intent === 'register' ? authTexts.registrationFailed(outcome.error) : authTexts.loginFailed(outcome.error);
  const headers: HeadersInit = outcome.retryAfterSeconds !== undefined ? { 'Retry-After': String(outcome.retryAfterSeconds) } : {};
  return data<ActionData>({ intent, error: message, ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}) }, { status: outcome.status, headers });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { user, redirectTo, lineInApp, externalBrowserUrl, oidcName } = loaderData;
  const failed = actionData as ActionData | undefined;

  if (user) {
    return (
      <section className="auth-page">
        <h1>{authTexts.loginTitle}</h1>
        <p>{authTexts.signedInAs(user.name)}</p>
        <Form method="post" action="/logout">
          <button type="submit" className="button">
            {authTexts.logoutButton}
          </button>
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
        <Form method="post" className="auth-form" aria-labelledby="login-title">
          <h1 id="login-title">{authTexts.loginTitle}</h1>
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label>
            {authTexts.email}
            <input name="email" type="email" autoComplete="username" required maxLength={254} />
          </label>
          <label>
            {authTexts.password}
            <input name="password" type="password" autoComplete="current-password" required maxLength={128} />
          </label>
          {failed?.intent === 'login' && (
            <p className="form-error" role="alert">
              {failed.error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {authTexts.loginButton}
          </button>
          {oidcName && (
            <Link reloadDocument to={`/auth/oidc?redirectTo=${encodeURIComponent(redirectTo)}`} className="button button-secondary">
              {authTexts.orSignInWith(oidcName)}
            </Link>
          )}
        </Form>

        <Form method="post" className="auth-form" aria-labelledby="register-title">
          <h2 id="register-title">{authTexts.signUpTitle}</h2>
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label>
            {authTexts.name}
            <input name="name" type="text" autoComplete="name" required maxLength={100} />
          </label>
          <label>
            {authTexts.email}
            <input name="email" type="email" autoComplete="email" required maxLength={254} />
          </label>
          <label>
            {authTexts.password}
            <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} aria-describedby="password-hint" />
          </label>
          <p id="password-hint" className="hint">
            {authTexts.passwordHint}
          </p>
          {failed?.intent === 'register' && (
            <p className="form-error" role="alert">
              {failed.error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {authTexts.signUpButton}
          </button>
        </Form>
      </div>
    </section>
  );
}
