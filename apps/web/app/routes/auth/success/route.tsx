import { useEffect } from 'react';
import type { Route } from './+types/route';
import { areaHomeOf } from '#app/auth/area-home';
import { safeRedirectTarget } from '#app/auth/require-role.server';
import { getUser } from '#app/auth/session.server';
import '#app/auth/auth.css';
import { localizedAuthTexts } from '#app/auth/texts';
import { useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';

export const meta = titleMeta(localizedAuthTexts, (t) => t.authSuccess);

const REDIRECT_AFTER_MS = 3000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const asked = safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo'), '');
  return { name: user?.name ?? null, redirectTo: asked || areaHomeOf(user?.roles ?? []) };
}

/** Spec: success redirects after 3 s, to the page the user came from. */
export default function AuthSuccess({ loaderData }: Route.ComponentProps) {
  const { redirectTo, name } = loaderData;
  const authTexts = useTexts(localizedAuthTexts);
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(redirectTo), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [redirectTo]);
  return (
    <section className="auth-card auth-success panel" data-redirect-to={redirectTo}>
      <h1>{authTexts.authSuccess}</h1>
      {name && <p>{authTexts.signedInAs(name)}</p>}
      <p>{authTexts.redirectingSoon}</p>
    </section>
  );
}
